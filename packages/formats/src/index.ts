export { ImportError, IMPORT_LIMITS } from "./errors";
export { importFortioJson, isNighthawkFortioOutput } from "./fortio";
export { KNOWN_RUN_TYPES } from "./fortio-fields";
export { importNighthawkJson, NIGHTHAWK_LATENCY_STATISTIC } from "./nighthawk";
export { importWrkText } from "./wrk";
export { importSmpJson, SMP_VERSION } from "./smp";
export { exportSmpJson } from "./smp-export";
export { importResult, detectFormat, type ImportFormat } from "./detect";
