/** All tables, one file per feature, named after it (DESIGN.md §2). */
export * from "./account";
export * from "./auth";
export * from "./catalog";
export * from "./files";
export * from "./help";
export * from "./knowledge";
export * from "./landing";
export * from "./library";
export * from "./mail";
export * from "./notifications";
export * from "./passwordReset";
export * from "./points";
export * from "./posts";
export * from "./profile";
export * from "./qa";
export * from "./reference";
export * from "./services";
