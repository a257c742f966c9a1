import { createFileRoute } from "@tanstack/react-router";
import { PorterDiamondPage } from "../features/landing/assessment/PorterDiamondPage";

/** Public information page (spec part 1 §2 Assessment information pages). */
export const Route = createFileRoute("/porter-diamond-analysis")({
  component: PorterDiamondPage,
});
