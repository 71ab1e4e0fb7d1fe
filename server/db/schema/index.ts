// One file per domain; later domains add their file here.
export * from "./ops";
export * from "./shell";
