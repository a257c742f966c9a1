/**
 * Active members (issue #17 §3, ADR 20): the counts kept by `recordActiveDay`, whatever the order
 * the days arrive in, and those `rebuildActiveMemberChanges` computes from the days alone, agree
 * with a direct count — the members with an active day in the 7 (30) days before each week's
 * end — on seeded random days of random members.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../../test/app";
import { prng } from "../../test/random";
import { type ActiveWeek, activeMembers, rebuildActiveMemberChanges, recordActiveDay } from "./analytics";

const SEED = 20261126;
const DAY_MS = 86_400_000;
const FIRST = Date.UTC(2025, 0, 1);
/** The days the random activity falls in: 120 from 2025-01-01. */
const SPAN_DAYS = 120;
const RANGE = { from: "2025-01-20", to: "2025-04-23" };

let t: TestApp;
let members: TestUser[];

beforeAll(async () => {
  t = await createTestApp();
  members = [];
  for (let i = 0; i < 12; i++) members.push(await t.createUser({ status: "approved" }));
});

afterAll(async () => {
  await t?.close();
});

/** The figures counted directly from `days` (member → day numbers since FIRST). */
function directCount(days: Map<string, Set<number>>): ActiveWeek[] {
  const out: ActiveWeek[] = [];
  const from = Date.parse(`${RANGE.from}T00:00:00Z`);
  const to = Date.parse(`${RANGE.to}T00:00:00Z`);
  // Mondays: the week of `from`, then every 7 days up to the week of `to`.
  const monday = from - ((new Date(from).getUTCDay() + 6) % 7) * DAY_MS;
  for (let week = monday; week <= to; week += 7 * DAY_MS) {
    const end = Math.min(week + 7 * DAY_MS, to + DAY_MS); // exclusive
    const endDay = (end - FIRST) / DAY_MS;
    const activeIn = (len: number) =>
      [...days.values()].filter((set) => [...set].some((d) => d >= endDay - len && d < endDay)).length;
    out.push({ week: new Date(week).toISOString().slice(0, 10), active7: activeIn(7), active30: activeIn(30) });
  }
  return out;
}

describe("active members on random days (seeded)", () => {
  it("the kept counts, in any arrival order, and the rebuilt ones equal a direct count", async () => {
    const rng = prng(SEED);
    const days = new Map<string, Set<number>>(members.map((m) => [m.id, new Set<number>()]));
    // Bursts and gaps: each member is active on a random share of the days, arriving out of order,
    // some days twice (another sign-in the same day, at another hour).
    const arrivals: { user: TestUser; day: number; hour: number }[] = [];
    for (const user of members) {
      const rate = rng.pick([0.02, 0.08, 0.25, 0.6]);
      for (let d = 0; d < SPAN_DAYS; d++) {
        if (!rng.chance(rate)) continue;
        days.get(user.id)?.add(d);
        arrivals.push({ user, day: d, hour: rng.int(24) });
        if (rng.chance(0.2)) arrivals.push({ user, day: d, hour: rng.int(24) });
      }
    }
    for (let i = arrivals.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [arrivals[i], arrivals[j]] = [arrivals[j] as (typeof arrivals)[number], arrivals[i] as (typeof arrivals)[number]];
    }
    // The test app's own sign-ins recorded today's day; only the seeded days are compared.
    await t.db.execute(sql`delete from member_active_days`);
    await t.db.execute(sql`delete from active_member_changes`);
    for (const a of arrivals) {
      const at = new Date(FIRST + a.day * DAY_MS + a.hour * 3_600_000);
      await t.db.transaction((tx) => recordActiveDay(tx, a.user.id, at));
    }

    const expected = directCount(days);
    expect(expected.some((w) => w.active7 > 0 && w.active30 > w.active7)).toBe(true);
    expect(await activeMembers(t.db, RANGE)).toEqual(expected);

    await rebuildActiveMemberChanges(t.db);
    expect(await activeMembers(t.db, RANGE)).toEqual(expected);
  });

  it("a day is recorded once, and only while the account is an approved, unsuspended member", async () => {
    const [member, pending] = [members[0] as TestUser, await t.createUser({ status: "pending" })];
    await t.db.execute(sql`delete from member_active_days`);
    const at = new Date("2025-06-02T10:00:00Z");
    await t.db.transaction((tx) => recordActiveDay(tx, member.id, at));
    await t.db.transaction((tx) => recordActiveDay(tx, member.id, new Date("2025-06-02T23:59:59Z")));
    await t.db.transaction((tx) => recordActiveDay(tx, pending.id, at));
    await t.db.execute(sql`update users set suspended_at = now() where id = ${member.id}`);
    await t.db.transaction((tx) => recordActiveDay(tx, member.id, new Date("2025-06-03T10:00:00Z")));
    const rows = await t.db.execute(sql`select user_id, day::text from member_active_days order by day`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ user_id: member.id, day: "2025-06-02" }]);
    // The account's last activity is kept whatever its state.
    const last = await t.db.execute(sql`select last_active_at from users where id = ${pending.id}`);
    expect(new Date((last as unknown as { rows: { last_active_at: string }[] }).rows[0]?.last_active_at ?? 0)).toEqual(
      at,
    );
  });
});
