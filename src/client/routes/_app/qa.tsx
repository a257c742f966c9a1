import { createFileRoute } from "@tanstack/react-router";
import { QaPage } from "../../features/qa/QaPage";

/** Q&A (spec part 2 §2): published items for members. */
export const Route = createFileRoute("/_app/qa")({ component: QaPage });
