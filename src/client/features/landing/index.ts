/** The landing feature's public module, for public pages outside it: the header. */
export { PublicHeader } from "./PublicHeader";
