export * from "./cluster-caps";
