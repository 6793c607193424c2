export * from "./fingerprint";
export * from "./environment-fingerprint";
