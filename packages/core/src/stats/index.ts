/** Histogram and statistics math: percentiles, CDFs, pooling, the codec, deltas and comparisons. */
export * from "./percentiles";
export * from "./cdf";
export * from "./merge";
export * from "./codec";
export { HistogramCodecError } from "./byte-buffer";
export * from "./prng";
export * from "./delta";
export * from "./compare";
export * from "./fortio-grid";
export * from "./merge-generators";
