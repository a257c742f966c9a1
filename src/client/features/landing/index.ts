/** The landing feature's public module, for public pages outside it: the header. */

export { PublicCardPage } from "./PublicCardPage";
export { PublicHeader } from "./PublicHeader";
export { LandingFooter } from "./sections/LandingFooter";
