export * from "./format";
export { PercentileTable } from "./percentile-table";
export { ResourceTable } from "./resource-table";
export { DataTable, RESOURCE_ROLE_LABELS, type DataColumn } from "./data-table";
export { summarizeLevel } from "./summary";
