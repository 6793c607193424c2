export * from "./classify";
export * from "./load-curve";
export * from "./load-generator";
