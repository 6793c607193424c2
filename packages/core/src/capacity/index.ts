export * from "./types";
export * from "./search";
export * from "./result";
export * from "./observations";
export * from "./definition";
