/** All tables, one file per domain (DESIGN.md §2). */
export * from "./accounts";
export * from "./catalog";
export * from "./files";
export * from "./knowledge";
export * from "./messaging";
export * from "./reference";
export * from "./requests";
