/** Two-step sign-in (docs/architecture.md "Security model"): the profile's section and the admins' banner. */
export { AdminSecondFactorBanner } from "./AdminSecondFactorBanner";
export { TwoStepSection } from "./TwoStepSection";
