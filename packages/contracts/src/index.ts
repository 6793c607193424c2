export * from "./trial-result";
export * from "./run";
export * from "./errors";
