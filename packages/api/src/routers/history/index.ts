import { createTRPCRouter } from "../../trpc";
import { compareHistoryProcedure } from "./compare-history";
import { decideChangePoint } from "./decide-change-point";
import { excludeRun } from "./exclude-run";
import { getHistoryProcedure } from "./get-history";
import { getRunExclusion } from "./get-run-exclusion";
import { includeRun } from "./include-run";

export const historyRouter = createTRPCRouter({
  get: getHistoryProcedure,
  compare: compareHistoryProcedure,
  decideChangePoint,
  exclusion: getRunExclusion,
  excludeRun,
  includeRun,
});
