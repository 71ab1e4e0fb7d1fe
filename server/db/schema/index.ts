// One file per domain; later domains add their file here.
export * from "./api";
export * from "./audit";
export * from "./auth";
export * from "./commerce";
export * from "./content";
export * from "./engines";
export * from "./community";
export * from "./generation";
export * from "./image-edits";
export * from "./memberships";
export * from "./notify";
export * from "./safety";
export * from "./ops";
export * from "./shell";
