/**
 * Code-split dialogs of the public pages. Each loader is a module-level constant so its chunk
 * is fetched once, on first open (or earlier, on hover/focus of the button that opens it).
 */
export const loadSignInDialog = () => import("../auth/SignInDialog").then((m) => m.SignInDialog);
export const loadSignUpDialog = () => import("../auth/SignUpDialog").then((m) => m.SignUpDialog);
export const loadBenefitsDialog = () => import("./dialogs/BenefitsDialog").then((m) => m.BenefitsDialog);
export const loadTermsDialog = () => import("./dialogs/TermsDialog").then((m) => m.TermsDialog);
export const loadLevelsDialog = () => import("./dialogs/LevelsDialog").then((m) => m.LevelsDialog);
export const loadFaqDialog = () => import("./dialogs/FaqDialog").then((m) => m.FaqDialog);
export const loadContentAdminDialog = () => import("./content/ContentAdminDialog").then((m) => m.ContentAdminDialog);
export const loadPdfDialog = () => import("./content/viewers").then((m) => m.PdfDialog);
export const loadVideoDialog = () => import("./content/viewers").then((m) => m.VideoDialog);
