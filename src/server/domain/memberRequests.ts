/**
 * Member requests: the membership board's forms, received list, badge count, responding and
 * ignoring (spec part 2 §2, §4, §5, §7 calls 14–17; DESIGN.md §8.6, §9), mapped onto the posts
 * engine (domain/posts.ts; ADR 16).
 */
import type { z } from "zod";
import {
  ACTIVITY_REQUEST_TYPE,
  type RequestType,
  type receivedListInput,
  type respondInput,
  type ServiceActivity,
  type sendRequestInput,
  type submitRequestInput,
} from "../../common/memberRequests";
import type { Board } from "../../common/posts";
import type { Db, DbOrTx } from "../db/client";
import { loadMatchProfile, type MatchProfile } from "./matching";
import type { MailLinks } from "./notifications";
import { countAllReceived, createPost, ignorePost, listReceivedPosts, respondToPost } from "./posts";

const MEMBERSHIP: Board = "membership.request";

/** A member request to store: the fields every form and Request Help fill in. */
export interface NewMemberRequest {
  productId: number | null;
  targetCountry: string | null;
  sector: string | null;
  requestType: RequestType;
  activityType: ServiceActivity | null;
  subActivity: string | null;
  description: string;
  urgency: "normal" | "urgent";
  /** Only Request Help gives a title. */
  title?: string | null;
}

/**
 * Writes a member request: a membership-board post through `createPost` (ADR 16), also inside
 * Request Help's transaction.
 * @throws DomainError BAD_REQUEST for an unknown country or product.
 */
export function insertMemberRequest(db: DbOrTx, userId: string, r: NewMemberRequest): Promise<{ id: number }> {
  return createPost(db, userId, { board: MEMBERSHIP, ...r });
}

/** /member-request: product and/or country, one of the four types. */
export function submitRequest(db: Db, userId: string, input: z.output<typeof submitRequestInput>) {
  return insertMemberRequest(db, userId, {
    productId: input.productId,
    targetCountry: input.countryCode,
    sector: null,
    requestType: input.requestType,
    activityType: null,
    subActivity: null,
    description: input.description,
    urgency: input.urgency,
  });
}

/** /member-request/send: the activity type decides the request type; stored with its sub-activity. */
export function sendRequest(db: Db, userId: string, input: z.output<typeof sendRequestInput>) {
  return insertMemberRequest(db, userId, {
    productId: input.productId,
    targetCountry: input.countryCode,
    sector: null,
    requestType: ACTIVITY_REQUEST_TYPE[input.activityType],
    activityType: input.activityType,
    subActivity: input.subActivity,
    description: input.description,
    urgency: input.urgency,
  });
}

/**
 * One page of the requests shown to the viewer, newest first (DESIGN.md §9): the membership
 * board's list. `profile` defaults to the member's stored profile.
 */
export async function listReceived(
  db: Db,
  userId: string,
  input: z.output<typeof receivedListInput>,
  profile?: MatchProfile,
) {
  const p = profile ?? (await loadMatchProfile(db, userId));
  return listReceivedPosts(db, p, { board: MEMBERSHIP, cursor: input.cursor, limit: input.limit });
}

/** Badge count of matching requests, capped at BADGE_COUNT_CAP (shown as "99+"). */
export async function countReceived(db: Db, userId: string, profile?: MatchProfile): Promise<number> {
  const p = profile ?? (await loadMatchProfile(db, userId));
  return (await countAllReceived(db, p))[MEMBERSHIP];
}

/**
 * Answers a request shown to the responder, and notifies the requester (`respondToPost`).
 * @throws NOT_FOUND when the request is not shown to them; CONFLICT when already answered.
 */
export function respond(db: Db, responderId: string, input: z.output<typeof respondInput>, links: MailLinks) {
  const { requestId, ...response } = input;
  return respondToPost(
    db,
    responderId,
    { postId: requestId, ...response, proposedDate: null, proposedMode: null },
    MEMBERSHIP,
    links,
  );
}

/**
 * Ignore: archives a request shown to this member (the received list's predicate), for them
 * only. Ignoring it again is a no-op. Any other id — unknown, closed, the member's own, or routed
 * to others only — gets the same NOT_FOUND, so the answer reveals nothing (issue #10 §7).
 * @throws NOT_FOUND 'This request is no longer available.'
 */
export function ignoreRequest(db: Db, userId: string, requestId: number): Promise<void> {
  return ignorePost(db, userId, requestId, MEMBERSHIP);
}
