export {
  demoMatrixDir,
  interleavedOrder,
  readDemoMatrix,
  recordDemoTrials,
  type DemoTrialFile,
} from "./matrix";
export { seedDemo } from "./seed-demo";
export { HISTORY_STEP_RUN, seedHistoryDemo } from "./seed-history";
