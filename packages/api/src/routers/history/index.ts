import { createTRPCRouter } from "../../trpc";
import { decideChangePoint } from "./decide-change-point";
import { getHistoryProcedure } from "./get-history";

export const historyRouter = createTRPCRouter({
  get: getHistoryProcedure,
  decideChangePoint,
});
