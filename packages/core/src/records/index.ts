export * from "./definition-snapshot";
export * from "./definition-diff";
