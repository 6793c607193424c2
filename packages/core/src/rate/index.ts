export * from "./rate-series";
