/**
 * Seeds the reference tables of spec part 2 §3 (DESIGN.md §6) at every start: countries,
 * industrial sectors, activities and user types, skipped when its rows are unchanged since the last
 * start (seed_state, ./state.ts). Idempotent: one multi-row upsert per
 * table in a single transaction; rows whose names and order are unchanged are not rewritten.
 * Rows that disappear from the lists are kept (other tables may reference their codes).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { activities, countries, industrialSectors, userTypes } from "../schema/reference";
import { buildActivityRows, buildCountryRows, buildSectorRows, buildUserTypeRows } from "./reference-data";
import { hashRows, seedIfChanged } from "./state";

/** `excluded.<column>` of the row proposed for insertion (snake_case names, as in the schema). */
function excluded(column: string): SQL {
  return sql.raw(`excluded."${column}"`);
}

/**
 * Inserts or updates (on the primary key `code`) every row of `countries`, `industrial_sectors`,
 * `activities` and `user_types` from ./reference-data.ts, in one transaction.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const countryRows = buildCountryRows();
  const sectorRows = buildSectorRows();
  const activityRows = buildActivityRows();
  const userTypeRows = buildUserTypeRows();

  await seedIfChanged(db, "reference", hashRows([countryRows, sectorRows, activityRows, userTypeRows]), async (tx) => {
    await tx
      .insert(countries)
      .values([...countryRows])
      .onConflictDoUpdate({
        target: countries.code,
        set: { nameEn: excluded("name_en"), nameFa: excluded("name_fa") },
        setWhere: sql`(${countries.nameEn}, ${countries.nameFa}) is distinct from (${excluded("name_en")}, ${excluded("name_fa")})`,
      });

    for (const [table, rows] of [
      [industrialSectors, sectorRows],
      [activities, activityRows],
      [userTypes, userTypeRows],
    ] as const) {
      await tx
        .insert(table)
        .values(rows)
        .onConflictDoUpdate({
          target: table.code,
          set: { nameEn: excluded("name_en"), nameFa: excluded("name_fa"), sortOrder: excluded("sort_order") },
          setWhere: sql`(${table.nameEn}, ${table.nameFa}, ${table.sortOrder}) is distinct from (${excluded("name_en")}, ${excluded("name_fa")}, ${excluded("sort_order")})`,
        });
    }
  });
}
