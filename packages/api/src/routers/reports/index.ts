import { createTRPCRouter } from "../../trpc";
import { compareRuns } from "./compare-runs";
import { exportComparison } from "./export-comparison";
import { exportBundle } from "./export-bundle";
import { exportRun } from "./export-run";
import { exportSmp } from "./export-smp";
import { getRunProgress } from "./get-run-progress";
import { getRunReport } from "./get-run-report";
import { listComparableRuns } from "./list-comparable-runs";

export const reportsRouter = createTRPCRouter({
  run: getRunReport,
  progress: getRunProgress,
  compare: compareRuns,
  comparableRuns: listComparableRuns,
  exportRun,
  exportComparison,
  exportSmp,
  exportBundle,
});
