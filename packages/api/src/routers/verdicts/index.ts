import { createTRPCRouter } from "../../trpc";
import { getVerdictProcedure } from "./get-verdict";
import { setBudgetsProcedure } from "./set-budgets";

export const verdictsRouter = createTRPCRouter({
  get: getVerdictProcedure,
  setBudgets: setBudgetsProcedure,
});
