export * from "./idle-gate";
