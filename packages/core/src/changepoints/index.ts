export * from "./e-divisive";
export * from "./series";
