/**
 * The audit guard (docs/architecture.md "Security model", ASVS 5.0 V16.2.1, V16.3.2), kept
 * like the authorization matrix: every admin-tier procedure of appRouter is in AUDIT, either
 * read-only or audited as one event type with a call that succeeds. A new admin procedure
 * missing from AUDIT fails the first test; each audited one is called as an admin from a
 * distinct IP, and exactly one new `security_events` row must appear, of its type, with the
 * admin as actor, the expected target member and that IP.
 */
import { eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Actor,
  type Caller,
  createTestApp,
  type Member,
  SAMPLE_FILES,
  type TestApp,
  uploadFile,
} from "../../test/app";
import { insertService, pendingSubmission } from "../../test/fixtures";
import type { SecurityEventType } from "../auth/security-events";
import { contactMessages, securityEvents, users } from "../db/schema";
import { storeContactMessage } from "../domain/contact";
import { appRouter } from "./router";

/** What one audited call needs: the admin's caller (from `ADMIN_IP`) and a fresh member. */
interface Scene {
  t: TestApp;
  admin: Actor;
  caller: Caller;
  member: Member;
}

/** An audited procedure: `prepare` sets up what the call needs (not audited), `run` is the call. */
interface Audited {
  type: SecurityEventType;
  /** Returns the call, and the member the row must name as target (null: none). */
  prepare(scene: Scene): Promise<{ run: () => Promise<unknown>; target: string | null }>;
}

type AuditEntry = "read-only" | Audited;

/** The address the audited calls come from (TEST-NET-3), unlike any other row's. */
const ADMIN_IP = "203.0.113.77";

/** An upload of the admin's, ready to become a landing PDF. */
async function pdfUpload(scene: Scene): Promise<string> {
  const up = await uploadFile(scene.t, {
    token: scene.admin.token,
    purpose: "pdf_document",
    fileName: "about.pdf",
    content: SAMPLE_FILES.pdf,
  });
  expect(up.status, JSON.stringify(up.json)).toBe(201);
  return up.json!.id as string;
}

async function pdfItem(scene: Scene): Promise<number> {
  const admin = scene.t.callerWith(scene.admin.auth);
  return (await admin.content.create({ kind: "pdf", title: "About the club", uploadId: await pdfUpload(scene) })).id;
}

async function contactMessage(scene: Scene): Promise<number> {
  await storeContactMessage(scene.t.db, {
    name: scene.member.name,
    email: scene.member.email,
    message: "Where is the next trade fair?",
    ip: null,
    userId: scene.member.id,
  });
  const [row] = await scene.t.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.userId, scene.member.id));
  return row!.id;
}

async function memberQuestion(scene: Scene): Promise<number> {
  return (await scene.member.caller.qa.ask({ question: "Can you sell my goods?", subsection: "club_related" }))!.id;
}

/** Every admin-tier procedure: read-only, or audited as one event type. Keep in step with the routers. */
const AUDIT: Record<string, AuditEntry> = {
  "approval.listPending": "read-only",
  "approval.review": {
    type: "approval_changed",
    async prepare({ t, caller }) {
      const applicant = await t.createUser({ status: "pending" });
      return {
        run: () => caller.approval.review({ userId: applicant.id, decision: "approved" }),
        target: applicant.id,
      };
    },
  },

  "adminMembers.list": "read-only",
  "adminMembers.suspend": {
    type: "account_suspended",
    async prepare({ caller, member }) {
      return {
        run: () => caller.adminMembers.suspend({ userId: member.id, reason: "Spam reports" }),
        target: member.id,
      };
    },
  },
  "adminMembers.reinstate": {
    type: "account_reinstated",
    async prepare({ t, caller, member }) {
      await t.db.update(users).set({ suspendedAt: new Date(), suspendedReason: "Spam" }).where(eq(users.id, member.id));
      return { run: () => caller.adminMembers.reinstate({ userId: member.id }), target: member.id };
    },
  },
  "adminMembers.setAdmin": {
    type: "admin_granted",
    async prepare({ caller, member }) {
      return { run: () => caller.adminMembers.setAdmin({ userId: member.id, admin: true }), target: member.id };
    },
  },
  "adminMembers.sendPasswordReset": {
    type: "password_reset_sent",
    async prepare({ caller, member }) {
      return { run: () => caller.adminMembers.sendPasswordReset({ userId: member.id }), target: member.id };
    },
  },
  "adminMembers.exportData": {
    type: "data_export_by_admin",
    async prepare({ caller, member }) {
      return { run: () => caller.adminMembers.exportData({ userId: member.id }), target: member.id };
    },
  },
  "adminMembers.resetSecondFactor": {
    type: "second_factor_reset",
    async prepare({ caller, member }) {
      return { run: () => caller.adminMembers.resetSecondFactor({ userId: member.id }), target: member.id };
    },
  },
  "adminMembers.deleteAccount": {
    type: "account_deleted_by_admin",
    async prepare({ caller, member }) {
      return { run: () => caller.adminMembers.deleteAccount({ userId: member.id }), target: member.id };
    },
  },

  "inbox.counts": "read-only",
  "inbox.list": "read-only",
  "inbox.review": {
    type: "knowledge_reviewed",
    async prepare({ t, caller, member }) {
      const { id } = await pendingSubmission(t, {}, member);
      return { run: () => caller.inbox.review({ id, decision: "approved", points: 50 }), target: member.id };
    },
  },

  "library.unpublish": {
    type: "library_item_unpublished",
    async prepare(scene) {
      const { id } = await pendingSubmission(scene.t, {}, scene.member);
      await scene.t.callerWith(scene.admin.auth).inbox.review({ id, decision: "approved", points: 50 });
      return {
        run: () => scene.caller.library.unpublish({ id, note: "Outdated tariffs." }),
        target: scene.member.id,
      };
    },
  },

  "qa.adminList": "read-only",
  "qa.create": {
    type: "qa_created",
    async prepare({ caller }) {
      const item = {
        question: "Is there a fee?",
        answer: "No.",
        subsection: "club_related" as const,
        isPublished: true,
      };
      return { run: () => caller.qa.create(item), target: null };
    },
  },
  "qa.update": {
    type: "qa_updated",
    async prepare(scene) {
      const id = await memberQuestion(scene);
      const item = {
        question: "Can you sell my goods?",
        answer: "No, we connect.",
        subsection: "club_related" as const,
      };
      return {
        run: () => scene.caller.qa.update({ id, ...item, isPublished: true }),
        target: scene.member.id,
      };
    },
  },
  "qa.decline": {
    type: "qa_declined",
    async prepare(scene) {
      const id = await memberQuestion(scene);
      return { run: () => scene.caller.qa.decline({ id, note: "Out of scope." }), target: scene.member.id };
    },
  },
  "qa.delete": {
    type: "qa_deleted",
    async prepare(scene) {
      const id = await memberQuestion(scene);
      return { run: () => scene.caller.qa.delete({ id }), target: scene.member.id };
    },
  },

  "services.reviewList": "read-only",
  "services.review": {
    type: "service_reviewed",
    async prepare({ t, caller, member }) {
      const id = await insertService(t.db, member.id, { status: "pending", reviewedAt: null });
      return { run: () => caller.services.review({ id, decision: "approved", notes: "" }), target: member.id };
    },
  },

  "contact.list": "read-only",
  "contact.get": "read-only",
  "contact.markRead": {
    type: "contact_read",
    async prepare(scene) {
      const id = await contactMessage(scene);
      return { run: () => scene.caller.contact.markRead({ id }), target: scene.member.id };
    },
  },
  "contact.reply": {
    type: "contact_replied",
    async prepare(scene) {
      const id = await contactMessage(scene);
      return { run: () => scene.caller.contact.reply({ id, body: "In March, in Hamburg." }), target: scene.member.id };
    },
  },
  "contact.markHandled": {
    type: "contact_handled",
    async prepare(scene) {
      const id = await contactMessage(scene);
      return { run: () => scene.caller.contact.markHandled({ id }), target: scene.member.id };
    },
  },
  "contact.reopen": {
    type: "contact_reopened",
    async prepare(scene) {
      const id = await contactMessage(scene);
      await scene.t.callerWith(scene.admin.auth).contact.markHandled({ id });
      return { run: () => scene.caller.contact.reopen({ id }), target: scene.member.id };
    },
  },
  "contact.delete": {
    type: "contact_deleted",
    async prepare(scene) {
      const id = await contactMessage(scene);
      return { run: () => scene.caller.contact.delete({ id }), target: scene.member.id };
    },
  },

  "analytics.applications": "read-only",
  "analytics.membersByActivity": "read-only",
  "analytics.membersByTier": "read-only",
  "analytics.membersByCountry": "read-only",
  "analytics.posts": "read-only",
  "analytics.responses": "read-only",
  "analytics.ratings": "read-only",
  "analytics.knowledge": "read-only",
  "analytics.activeMembers": "read-only",

  "content.list": "read-only",
  "content.create": {
    type: "content_created",
    async prepare(scene) {
      const uploadId = await pdfUpload(scene);
      return {
        run: () => scene.caller.content.create({ kind: "pdf", title: "About the club", uploadId }),
        target: null,
      };
    },
  },
  "content.setActive": {
    type: "content_activated",
    async prepare(scene) {
      const id = await pdfItem(scene);
      return { run: () => scene.caller.content.setActive({ kind: "pdf", id, active: true }), target: null };
    },
  },
  "content.delete": {
    type: "content_deleted",
    async prepare(scene) {
      const id = await pdfItem(scene);
      return { run: () => scene.caller.content.delete({ kind: "pdf", id }), target: null };
    },
  },

  "audit.list": "read-only",
};

interface ProcedureDef {
  type: "query" | "mutation" | "subscription";
  middlewares: { name?: string }[];
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>;
/** The admin tier's procedures, read from the router: their chain ends in `requireAdmin` (trpc/init.ts). */
const ADMIN_PATHS = Object.keys(procedures)
  .filter((p) => procedures[p]!._def.middlewares.some((m) => m.name === "requireAdmin"))
  .sort();
const AUDITED = ADMIN_PATHS.filter((p) => typeof AUDIT[p] === "object");

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.actor("admin");
});

afterAll(async () => {
  await t?.close();
});

describe("the audit list covers the router", () => {
  it("lists every admin procedure of appRouter, and nothing else", () => {
    expect(ADMIN_PATHS.length).toBeGreaterThan(20);
    const missing = ADMIN_PATHS.filter((p) => !(p in AUDIT));
    const unknown = Object.keys(AUDIT).filter((p) => !ADMIN_PATHS.includes(p));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it("a read-only procedure is a query (a mutation changes something and must be audited)", () => {
    const mutations = ADMIN_PATHS.filter((p) => AUDIT[p] === "read-only" && procedures[p]!._def.type !== "query");
    expect(mutations).toEqual([]);
  });
});

describe("every audited admin procedure leaves exactly one row", () => {
  it.each(AUDITED)("%s", async (path) => {
    const entry = AUDIT[path] as Audited;
    const scene: Scene = {
      t,
      admin,
      caller: t.callerWith(admin.auth, { ip: ADMIN_IP }),
      member: await t.member(),
    };
    const { run, target } = await entry.prepare(scene);
    const [last] = await t.db
      .select({ id: sql<number>`coalesce(max(${securityEvents.id}), 0)::int` })
      .from(securityEvents);
    await run();
    const rows = await t.db.select().from(securityEvents).where(gt(securityEvents.id, last!.id));
    expect(rows.map((r) => ({ type: r.eventType, actorId: r.actorId, userId: r.userId, ip: r.ip }))).toEqual([
      { type: entry.type, actorId: admin.user!.id, userId: target, ip: ADMIN_IP },
    ]);
  });
});
