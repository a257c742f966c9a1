/** The assessments feature's public module: the dashboard card and the profile's list. */
export { LatestAssessmentCard } from "./LatestAssessmentCard";
export { MyAssessments } from "./MyAssessments";
