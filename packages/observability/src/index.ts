export { createMetrics, type Metrics, type MetricsOptions, type OpsSnapshot } from "./metrics";
export { createLogger, requestIdFrom, LOG_LEVELS, type Logger, type LogLevel } from "./logger";
export { evaluateReadiness, type CheckResult, type Readiness } from "./readiness";
