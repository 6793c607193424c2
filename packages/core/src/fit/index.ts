export * from "./quadratic";
