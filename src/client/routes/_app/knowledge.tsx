import { createFileRoute } from "@tanstack/react-router";
import { LibraryPage } from "../../features/library/LibraryPage";
import { validateLibrarySearch } from "../../features/library/librarySearch";

/** The knowledge library (issue #13 §1); its filters are URL search params. */
export const Route = createFileRoute("/_app/knowledge")({
  validateSearch: validateLibrarySearch,
  component: LibraryPage,
});
