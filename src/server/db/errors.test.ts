/**
 * `isDatabaseUnavailable` (issue #10 §2): real driver errors of an outage are recognised,
 * through Drizzle's and tRPC's wrapping; errors of a working database are not.
 */
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/db";
import { isDatabaseUnavailable } from "./errors";

/** The rejection of `promise` (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

describe("isDatabaseUnavailable", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t?.close());

  it("recognises a refused connection (ECONNREFUSED), also inside an AggregateError", async () => {
    const client = new pg.Client({
      connectionString: "postgres://nobody@127.0.0.1:1/none",
      connectionTimeoutMillis: 2000,
    });
    const err = await rejectionOf(client.connect());
    expect(isDatabaseUnavailable(err)).toBe(true);
    const aggregate = Object.assign(new AggregateError([err], "connect failed"), {});
    expect(isDatabaseUnavailable(aggregate)).toBe(true);
  });

  it("recognises a pool used after end", async () => {
    const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    await pool.end();
    expect(isDatabaseUnavailable(await rejectionOf(pool.query("select 1")))).toBe(true);
  });

  it("recognises SQLSTATE 57P01/57P03 and class 08, wrapped by Drizzle and by a TRPCError", () => {
    for (const code of ["57P01", "57P02", "57P03", "53300", "08006", "08001", "08P01"]) {
      const driverError = Object.assign(new Error("server says no"), { code });
      const drizzleLike = new Error("Failed query: select 1\nparams: ", { cause: driverError });
      const trpc = new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: drizzleLike });
      expect(isDatabaseUnavailable(driverError), code).toBe(true);
      expect(isDatabaseUnavailable(trpc), code).toBe(true);
    }
  });

  it("recognises node-postgres' terminated-connection messages", () => {
    for (const message of [
      "Connection terminated unexpectedly",
      "Connection terminated due to connection timeout",
      "timeout exceeded when trying to connect",
      "Client has encountered a connection error and is not queryable",
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it.runIf(process.env.DATABASE_URL)("recognises a backend terminated by the server (real 57P01)", async () => {
    const url = new URL(process.env.DATABASE_URL as string);
    const [row] = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    url.pathname = `/${row?.name}`;
    const victim = new pg.Client({ connectionString: url.toString() });
    const errors: Error[] = [];
    victim.on("error", (err) => errors.push(err));
    await victim.connect();
    const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid;
    const pending = rejectionOf(victim.query("select pg_sleep(10)"));
    await t.database.db.execute(sql`select pg_terminate_backend(${pid}::int)`);
    const err = await pending;
    expect((err as { code?: string }).code).toBe("57P01");
    expect(isDatabaseUnavailable(err)).toBe(true);
    await victim.end().catch(() => {});
  });

  it("does not take a working database's errors for an outage", async () => {
    const syntax = await rejectionOf(t.database.db.execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TRPCError({ code: "NOT_FOUND" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    // A cycle of causes ends.
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
