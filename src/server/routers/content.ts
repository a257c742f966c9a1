/**
 * Landing content (issue #16 §1, §2; spec part 1 §4 "Landing content", §7): admins list,
 * finalise an upload into an item, toggle its active flag and delete it, for membership
 * documents, videos and PDFs alike; anyone reads the newest active item of each kind.
 */
import { contentCreateInput, contentItemInput, contentKindInput, contentSetActiveInput } from "../../common/content";
import { adminActorOf } from "../auth/security-events";
import { activeContent, createContent, deleteContent, listContent, setContentActive } from "../domain/content";
import type { AppDeps } from "../trpc/context";
import { adminProcedure, publicProcedure, router } from "../trpc/init";

function storageOf(deps: AppDeps) {
  if (!deps.storage) throw new Error("file storage not opened (buildApp sets it)");
  return deps.storage;
}

export const contentRouter = router({
  /** The landing page's viewers: the newest active document of each type, video and PDF. */
  active: publicProcedure.query(({ ctx }) => activeContent(ctx.db)),
  /** Admins: every item of a kind, newest first. */
  list: adminProcedure.input(contentKindInput).query(({ ctx, input }) => listContent(ctx.db, input.kind)),
  /** Admins: names an uploaded file (`POST /api/files?purpose=…`) as a new item. */
  create: adminProcedure
    .input(contentCreateInput)
    .mutation(({ ctx, input }) => createContent(ctx.db, adminActorOf(ctx), input)),
  /** Admins: activates or deactivates an item. */
  setActive: adminProcedure.input(contentSetActiveInput).mutation(async ({ ctx, input }) => {
    await setContentActive(ctx.db, adminActorOf(ctx), input.kind, input.id, input.active);
    return { ok: true as const };
  }),
  /** Admins: deletes an item and its file. */
  delete: adminProcedure.input(contentItemInput).mutation(async ({ ctx, input }) => {
    await deleteContent(ctx.db, adminActorOf(ctx), storageOf(ctx.deps), input.kind, input.id);
    return { ok: true as const };
  }),
});
