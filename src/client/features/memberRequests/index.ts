/** The member requests feature's public module, for received offers: the request badges. */
export { RequestBadges } from "./RequestBadges";
