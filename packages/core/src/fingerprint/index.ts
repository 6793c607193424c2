export * from "./fingerprint";
