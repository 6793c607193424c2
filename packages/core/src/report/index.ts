export * from "./run-rule";
export * from "./usage-buckets";
export * from "./roles";
export * from "./level-cost";
export * from "./added-latency";
export * from "./unreachable";
