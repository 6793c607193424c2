export { DEMO_API_TOKEN, DEMO_USER_EMAIL, DEMO_USER_PASSWORD } from "./credentials";
export {
  demoMatrixDir,
  interleavedOrder,
  readDemoMatrix,
  recordDemoTrials,
  type DemoTrialFile,
} from "./matrix";
export { seedDemo } from "./seed-demo";
export { HISTORY_STEP_RUN, seedHistoryDemo } from "./seed-history";
