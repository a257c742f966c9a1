import { createFileRoute } from "@tanstack/react-router";
import { LibraryItemPage } from "../../features/library/LibraryItemPage";

/** One published knowledge item (issue #13 §1). */
export const Route = createFileRoute("/_app/knowledge_/$itemId")({ component: LibraryItemPage });
