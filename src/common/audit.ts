/**
 * The audit log (docs/architecture.md "Security model", ASVS 5.0 V16.2.1, V16.3.2): the inputs
 * of the admins' filtered list (`audit.list`) and of a member's own security activity
 * (`audit.mine`).
 */
import { z } from "zod";
import { Msg } from "./messages";
import { dateSchema, searchInput } from "./validation";

/** Events per page of the admins' audit log. */
export const AUDIT_PAGE_SIZE = 25;
/** Events per page of a member's security activity. */
export const AUDIT_MINE_PAGE_SIZE = 10;

/** An event type as stored (`security_events.event_type`): lower-case words joined by `_`. */
export const auditEventTypeSchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/);

const page = z.number().int().min(1).max(10_000).default(1);

/**
 * The admins' filters, all optional: the admin who acted (`actorId`), the member the event is
 * about (`targetId`, or `target`: text in their name or e-mail), the event type, and a range of
 * UTC days `from`..`to` inclusive (`Msg.analyticsRangeOrder` when `from` is after `to`).
 */
export const auditListInput = z
  .object({
    actorId: z.uuid().optional(),
    targetId: z.uuid().optional(),
    target: searchInput,
    type: auditEventTypeSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    page,
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to)
      ctx.addIssue({ code: "custom", message: Msg.analyticsRangeOrder, path: ["to"] });
  });
export type AuditListInput = z.input<typeof auditListInput>;

export const auditMineInput = z.object({ page }).default({ page: 1 });
