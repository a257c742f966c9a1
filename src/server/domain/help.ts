/**
 * Request Help (spec part 2 §2, §3, §5, §8; DESIGN.md §8.5, §8.9; issue #5 §4): the monthly
 * quota follows the member's real tier (Turquoise 2, Silver 5, Gold unlimited) and is enforced
 * with the profile row locked, so parallel submits cannot exceed it. Each help request is also
 * routed to matching members as a member request.
 */
import { TRPCError } from "@trpc/server";
import { and, count, eq, gte } from "drizzle-orm";
import type { z } from "zod";
import { MONTHLY_HELP_QUOTA, type Tier } from "../../common/constants";
import { type HelpType, type helpRequestInput, PRODUCT_CATEGORIES } from "../../common/knowledge";
import { Msg } from "../../common/messages";
import type { RequestType } from "../../common/requests";
import type { Db, DbOrTx } from "../db/client";
import { countries, helpRequests, memberRequests, profiles } from "../db/schema";
import { publish } from "../events";

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
  if (input.targetCountry) {
    const [c] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.code, input.targetCountry));
    if (!c) throw new TRPCError({ code: "BAD_REQUEST", message: Msg.invalidCountry });
  }
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ tier: profiles.tier })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!p) throw new TRPCError({ code: "NOT_FOUND", message: Msg.notFound });
    const limit = MONTHLY_HELP_QUOTA[p.tier];
    if (limit !== null && (await usedThisMonth(tx, userId)) >= limit) {
      throw new TRPCError({ code: "TOO_MANY_REQUESTS", message: Msg.requestLimitReached });
    }
    const sector = input.productCategory ? PRODUCT_CATEGORIES[input.productCategory] : null;
    const requestType = HELP_ROUTING[input.helpType];
    const [request] = await tx
      .insert(memberRequests)
      .values({
        userId,
        targetCountry: input.targetCountry,
        sector,
        requestType,
        title: input.title,
        description: input.description,
        urgency: input.urgency === "high" ? "urgent" : "normal",
      })
      .returning({ id: memberRequests.id });
    if (!request) throw new Error("member request not inserted");
    const [help] = await tx
      .insert(helpRequests)
      .values({ ...input, userId, memberRequestId: request.id })
      .returning({ id: helpRequests.id });
    await publish(tx, {
      type: "request.created",
      requestId: request.id,
      userId,
      targetCountry: input.targetCountry,
      sector,
      requestType,
    });
    await publish(tx, { type: "member.changed", userIds: [userId] });
    return { id: help?.id ?? 0, memberRequestId: request.id };
  });
}
