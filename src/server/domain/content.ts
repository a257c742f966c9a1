/**
 * Landing content (issue #16 §1; spec part 1 §4 "Landing content", §7): the admins' lists, the
 * finalising of an upload into an item, the active flag, deletion, and the public viewers'
 * newest active item of each kind. One implementation for the three kinds (`TABLES`); what
 * differs is the extra fields and the rule for a new item: a membership document starts active
 * and, in the same transaction, deactivates the other active document of its type (serialised
 * per type by an advisory lock; a partial unique index is the backstop), a video or PDF starts
 * inactive.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import {
  type ActiveContent,
  CONTENT_PURPOSE,
  type ContentCreateInput,
  type ContentItem,
  type ContentKind,
  type MembershipDocumentType,
} from "../../common/content";
import { Msg } from "../../common/messages";
import { type AdminActor, logAdminAction } from "../auth/security-events";
import type { Db, DbOrTx } from "../db/client";
import { membershipDocuments, pdfDocuments, uploads, videos } from "../db/schema";
import type { FileStorage } from "../files/storage";
import { fileUrl } from "../files/uploads";
import { DomainError } from "./errors";

const TABLES = { document: membershipDocuments, video: videos, pdf: pdfDocuments } as const;

/** The upload purposes of landing content: public to download while their item is active. */
export const CONTENT_PURPOSES: readonly string[] = Object.values(CONTENT_PURPOSE);

type Row = {
  id: number;
  title: string;
  isActive: boolean;
  createdAt: Date;
  description: string | null;
  documentType: MembershipDocumentType | null;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadId: string;
};

function toItem(kind: ContentKind, r: Row): ContentItem {
  return {
    id: r.id,
    kind,
    title: r.title,
    description: r.description,
    documentType: r.documentType,
    isActive: r.isActive,
    fileName: r.fileName,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    url: fileUrl(r.uploadId),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Rows of `kind` with their upload, newest first, filtered by `where`. */
function selectRows(db: DbOrTx, kind: ContentKind, where?: ReturnType<typeof and>, limit?: number): Promise<Row[]> {
  const t = TABLES[kind];
  const q = db
    .select({
      id: t.id,
      title: t.title,
      isActive: t.isActive,
      createdAt: t.createdAt,
      description: kind === "video" ? videos.description : sql<string | null>`null`,
      documentType: kind === "document" ? membershipDocuments.documentType : sql<MembershipDocumentType | null>`null`,
      fileName: uploads.fileName,
      contentType: uploads.contentType,
      sizeBytes: uploads.sizeBytes,
      uploadId: t.uploadId,
    })
    .from(t)
    .innerJoin(uploads, eq(uploads.id, t.uploadId))
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.id));
  return (limit ? q.limit(limit) : q) as Promise<Row[]>;
}

/** Admins: every item of `kind`, newest first. */
export async function listContent(db: Db, kind: ContentKind): Promise<ContentItem[]> {
  return (await selectRows(db, kind)).map((r) => toItem(kind, r));
}

/** Serialises the changes of the active document of one type (two uploads at once). */
async function lockDocumentType(tx: DbOrTx, type: MembershipDocumentType): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership_documents:${type}`}))`);
}

/**
 * Admins: turns an upload of `adminId` (of the kind's purpose, not yet used) into an item.
 * @throws DomainError BAD_REQUEST `uploadInvalidFile` when the upload is not one of theirs, of
 * another purpose, or already an item.
 */
export async function createContent(db: Db, actor: AdminActor, input: ContentCreateInput): Promise<{ id: number }> {
  const adminId = actor.id;
  return db.transaction(async (tx) => {
    const [upload] = await tx
      .select({ id: uploads.id, ownerId: uploads.ownerId, purpose: uploads.purpose })
      .from(uploads)
      .where(eq(uploads.id, input.uploadId))
      .for("update");
    if (!upload || upload.ownerId !== adminId || upload.purpose !== CONTENT_PURPOSE[input.kind])
      throw new DomainError("BAD_REQUEST", Msg.uploadInvalidFile);
    const t = TABLES[input.kind];
    const [used] = await tx.select({ id: t.id }).from(t).where(eq(t.uploadId, input.uploadId)).limit(1);
    if (used) throw new DomainError("BAD_REQUEST", Msg.uploadInvalidFile);
    const common = { title: input.title, uploadId: input.uploadId, uploadedBy: adminId };
    let id: number | undefined;
    if (input.kind === "document") {
      await lockDocumentType(tx, input.documentType);
      await tx
        .update(membershipDocuments)
        .set({ isActive: false })
        .where(and(eq(membershipDocuments.documentType, input.documentType), eq(membershipDocuments.isActive, true)));
      [{ id } = { id: undefined }] = await tx
        .insert(membershipDocuments)
        .values({ ...common, documentType: input.documentType, isActive: true })
        .returning({ id: membershipDocuments.id });
    } else if (input.kind === "video") {
      [{ id } = { id: undefined }] = await tx
        .insert(videos)
        .values({ ...common, description: input.description || null, isActive: false })
        .returning({ id: videos.id });
    } else {
      [{ id } = { id: undefined }] = await tx
        .insert(pdfDocuments)
        .values({ ...common, isActive: false })
        .returning({ id: pdfDocuments.id });
    }
    if (id === undefined) throw new Error("content row not inserted");
    await logAdminAction(tx, actor, {
      type: "content_created",
      details: { kind: input.kind, id, title: input.title },
    });
    return { id };
  });
}

/**
 * Admins: activates or deactivates an item. Activating a membership document deactivates the
 * other active one of its type (one active per type).
 * @throws DomainError NOT_FOUND
 */
export async function setContentActive(
  db: Db,
  actor: AdminActor,
  kind: ContentKind,
  id: number,
  active: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (kind === "document") {
      const [doc] = await tx
        .select({ documentType: membershipDocuments.documentType })
        .from(membershipDocuments)
        .where(eq(membershipDocuments.id, id));
      if (!doc) throw new DomainError("NOT_FOUND", Msg.notFound);
      if (active) {
        await lockDocumentType(tx, doc.documentType);
        await tx
          .update(membershipDocuments)
          .set({ isActive: false })
          .where(
            and(
              eq(membershipDocuments.documentType, doc.documentType),
              eq(membershipDocuments.isActive, true),
              ne(membershipDocuments.id, id),
            ),
          );
      }
    }
    const t = TABLES[kind];
    const [done] = await tx
      .update(t)
      .set({ isActive: active })
      .where(eq(t.id, id))
      .returning({ id: t.id, title: t.title });
    if (!done) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, {
      type: active ? "content_activated" : "content_deactivated",
      details: { kind, id, title: done.title },
    });
  });
}

/**
 * Admins: deletes an item, its upload row and the stored bytes.
 * @throws DomainError NOT_FOUND
 */
export async function deleteContent(
  db: Db,
  actor: AdminActor,
  storage: FileStorage,
  kind: ContentKind,
  id: number,
): Promise<void> {
  const t = TABLES[kind];
  const storageKeys = await db.transaction(async (tx) => {
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning({ uploadId: t.uploadId, title: t.title });
    if (!row) throw new DomainError("NOT_FOUND", Msg.notFound);
    await logAdminAction(tx, actor, { type: "content_deleted", details: { kind, id, title: row.title } });
    const removed = await tx
      .delete(uploads)
      .where(eq(uploads.id, row.uploadId))
      .returning({ storageKey: uploads.storageKey });
    return removed.map((r) => r.storageKey);
  });
  await storage.delete(storageKeys);
}

/** The public viewers: the newest active item of each kind (by created_at), or null. */
export async function activeContent(db: Db): Promise<ActiveContent> {
  const newest = async (kind: ContentKind, type?: MembershipDocumentType) => {
    const t = TABLES[kind];
    const where = type
      ? and(eq(t.isActive, true), eq(membershipDocuments.documentType, type))
      : and(eq(t.isActive, true));
    const [r] = await selectRows(db, kind, where, 1);
    return r ? toItem(kind, r) : null;
  };
  const [terms, levels, video, pdf] = await Promise.all([
    newest("document", "terms_conditions"),
    newest("document", "membership_levels"),
    newest("video"),
    newest("pdf"),
  ]);
  return { terms, levels, video, pdf };
}

/** Whether `uploadId` is the file of an active item of landing content (public download). */
export async function isActiveContentUpload(db: Db, uploadId: string): Promise<boolean> {
  for (const t of Object.values(TABLES)) {
    const [r] = await db
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.uploadId, uploadId), eq(t.isActive, true)))
      .limit(1);
    if (r) return true;
  }
  return false;
}
