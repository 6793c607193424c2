export * from "./distributions";
export * from "./quadratic";
export * from "./resource-curve";
