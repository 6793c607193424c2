export * from "./format";
export { PercentileTable } from "./percentile-table";
export { ResourceTable } from "./resource-table";
