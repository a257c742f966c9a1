/** The leaderboard feature's public module, for the dashboard: the rank medal. */
export { type RankedMember, RankMedal } from "./parts";
