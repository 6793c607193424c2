import { createTRPCRouter } from "../../trpc";
import { getBudgetsProcedure } from "./get-budgets";
import { getVerdictProcedure } from "./get-verdict";
import { setBudgetsProcedure } from "./set-budgets";

export const verdictsRouter = createTRPCRouter({
  get: getVerdictProcedure,
  budgets: getBudgetsProcedure,
  setBudgets: setBudgetsProcedure,
});
