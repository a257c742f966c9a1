import { createFileRoute } from "@tanstack/react-router";
import { validateAreaSearch } from "../../../features/posts/areaSearch";
import { MyPostsPage } from "../../../features/posts/MyPostsPage";

/** My posts (issue #14): the member's own requests and offers; `?area=` filters them. */
export const Route = createFileRoute("/_app/posts/mine")({
  validateSearch: validateAreaSearch,
  component: MyPostsPage,
});
