export * from "./resolve";
export * from "./judge";
export * from "./variant-paths";
export * from "./traffic";
