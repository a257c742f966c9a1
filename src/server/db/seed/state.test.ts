import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/db";
import { countries, seedState } from "../schema/reference";
import { seedCatalog } from "./catalog";
import { seedReferenceData } from "./reference";
import { hashRows, seedIfChanged } from "./state";

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.close());

describe("start-up seeds skip themselves when their rows are unchanged", () => {
  it("records a hash per seed when the template database was seeded", async () => {
    const rows = await test.database.db.select({ name: seedState.name }).from(seedState);
    expect(rows.map((r) => r.name).sort()).toEqual(["catalog", "reference"]);
  });

  it("does not rewrite unchanged reference rows, and rewrites them once the recorded hash differs", async () => {
    const { db } = test.database;
    await db.update(countries).set({ nameEn: "Edited by hand" }).where(eq(countries.code, "DE"));
    await seedReferenceData(db);
    await seedCatalog(db);
    const [kept] = await db.select({ nameEn: countries.nameEn }).from(countries).where(eq(countries.code, "DE"));
    expect(kept?.nameEn).toBe("Edited by hand");

    await db.update(seedState).set({ hash: "stale" }).where(eq(seedState.name, "reference"));
    await seedReferenceData(db);
    const [restored] = await db.select({ nameEn: countries.nameEn }).from(countries).where(eq(countries.code, "DE"));
    expect(restored?.nameEn).toBe("Germany");
    const [state] = await db.select({ hash: seedState.hash }).from(seedState).where(eq(seedState.name, "reference"));
    expect(state?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("runs a seed when its hash is new, once, and not when its transaction fails", async () => {
    const { db } = test.database;
    let runs = 0;
    const hash = hashRows([{ code: "x" }]);
    expect(await seedIfChanged(db, "probe", hash, async () => void runs++)).toBe(true);
    expect(await seedIfChanged(db, "probe", hash, async () => void runs++)).toBe(false);
    expect(runs).toBe(1);
    await expect(
      seedIfChanged(db, "probe", hashRows([{ code: "y" }]), async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const [state] = await db.select({ hash: seedState.hash }).from(seedState).where(eq(seedState.name, "probe"));
    expect(state?.hash).toBe(hash);
  });
});
