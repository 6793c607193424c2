export * from "./noise-band";
