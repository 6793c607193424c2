export * from "./classify";
export * from "./load-curve";
