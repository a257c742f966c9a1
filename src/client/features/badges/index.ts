/** The badges feature's public module: the live counts and their label. */
export { badgeLabel, useBadges } from "./BadgesProvider";
