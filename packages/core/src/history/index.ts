export * from "./markers";
export * from "./across-runs";
