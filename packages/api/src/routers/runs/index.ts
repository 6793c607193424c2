import { createTRPCRouter } from "../../trpc";
import { getRun } from "./get-run";
import { getRunDefinition } from "./get-run-definition";
import { getTrialRateSeries } from "./get-trial-rate-series";
import { listRuns } from "./list-runs";
import { listRunFilterOptions } from "./list-run-filter-options";
import { startRun } from "./start-run";
import { cancelRun } from "./cancel-run";

export const runsRouter = createTRPCRouter({
  list: listRuns,
  get: getRun,
  definition: getRunDefinition,
  trialRateSeries: getTrialRateSeries,
  filterOptions: listRunFilterOptions,
  start: startRun,
  cancel: cancelRun,
});
