export * from "./due-times";
export * from "./mesh-labels";
