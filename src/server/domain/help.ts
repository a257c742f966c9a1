/**
 * Request Help (spec part 2 §2, §3, §5, §8; DESIGN.md §8.5, §8.9; issue #5 §4): the monthly
 * quota follows the member's real tier (Turquoise 2, Silver 5, Gold unlimited) and is enforced
 * with the profile row locked, so parallel submits cannot exceed it. Each help request is also
 * routed to matching members as a member request.
 */
import { and, count, eq, gte } from "drizzle-orm";
import type { z } from "zod";
import { MONTHLY_HELP_QUOTA, type Tier } from "../../common/constants";
import type { HelpType, helpRequestInput } from "../../common/help";
import { PRODUCT_CATEGORIES } from "../../common/knowledge";
import type { RequestType } from "../../common/memberRequests";
import { Msg } from "../../common/messages";
import type { Db, DbOrTx } from "../db/client";
import { helpRequests, profiles } from "../db/schema";
import { publish } from "../live/events";
import { DomainError, tooManyRequests } from "./errors";
import { insertMemberRequest } from "./memberRequests";

/** The member-request type a help type is routed as (DESIGN.md §9 type ↔ activity). */
const HELP_ROUTING: Record<HelpType, RequestType> = {
  country_knowledge: "knowledge_sharing",
  product_experience: "knowledge_sharing",
  hire_expert: "knowledge_sharing",
  documents: "knowledge_sharing",
  trade_services: "commercial_assistance",
  collaboration: "co_marketing",
};

/** Start of the current calendar month, UTC. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

async function usedThisMonth(db: DbOrTx, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(helpRequests)
    .where(and(eq(helpRequests.userId, userId), gte(helpRequests.createdAt, monthStart(now))));
  return row?.n ?? 0;
}

/** `{ used, limit, remaining }` for this month; `limit`/`remaining` null = unlimited (Gold). */
export async function helpQuota(db: DbOrTx, userId: string, tier: Tier) {
  const used = await usedThisMonth(db, userId);
  const limit = MONTHLY_HELP_QUOTA[tier];
  return { used, limit, remaining: limit === null ? null : Math.max(0, limit - used) };
}

/**
 * Posts a help request within the monthly quota and routes it as a member request.
 * @throws TOO_MANY_REQUESTS "You've reached your monthly request limit. …"
 */
export async function submitHelpRequest(db: Db, userId: string, input: z.output<typeof helpRequestInput>) {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ tier: profiles.tier })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!p) throw new DomainError("NOT_FOUND", Msg.notFound);
    const limit = MONTHLY_HELP_QUOTA[p.tier];
    if (limit !== null && (await usedThisMonth(tx, userId)) >= limit) {
      throw tooManyRequests(Msg.requestLimitReached);
    }
    const request = await insertMemberRequest(tx, userId, {
      productId: null,
      targetCountry: input.targetCountry,
      sector: input.productCategory ? PRODUCT_CATEGORIES[input.productCategory] : null,
      requestType: HELP_ROUTING[input.helpType],
      activityType: null,
      subActivity: null,
      title: input.title,
      description: input.description,
      urgency: input.urgency === "high" ? "urgent" : "normal",
    });
    const [help] = await tx
      .insert(helpRequests)
      .values({ ...input, userId, memberRequestId: request.id })
      .returning({ id: helpRequests.id });
    await publish(tx, { type: "member.changed", userIds: [userId] });
    return { id: help?.id ?? 0, memberRequestId: request.id };
  });
}
