/** All tables, one file per domain (DESIGN.md §2). */
export * from "./accounts";
export * from "./messaging";
export * from "./reference";
