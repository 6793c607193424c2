export * from "./container-role";
