/**
 * Seeds the product catalogue of spec part 2 §3 (issue #4 §1) at every start: the ISIC Rev.4
 * sections and divisions, then the export products that reference them, skipped when its rows are
 * unchanged since the last start (seed_state, ./state.ts). Idempotent:
 * one multi-row upsert per table in a single transaction; rows that are unchanged are not
 * rewritten. Rows that disappear from the lists are kept (member requests reference product ids).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { isicCodes, products } from "../schema/catalog";
import { buildIsicRows, buildProductRows } from "./catalog-data";
import { hashRows, seedIfChanged } from "./state";

/** `excluded.<column>` of the row proposed for insertion (snake_case names, as in the schema). */
function excluded(column: string): SQL {
  return sql.raw(`excluded."${column}"`);
}

/**
 * Inserts or updates (on the primary key) every row of `isic_codes` and then of `products` from
 * ./catalog-data.ts, in one transaction. Must run after `seedReferenceData`, which creates the
 * industrial sectors that products reference.
 */
export async function seedCatalog(db: Db): Promise<void> {
  const isicRows = buildIsicRows();
  const productRows = buildProductRows();

  await seedIfChanged(db, "catalog", hashRows([isicRows, productRows]), async (tx) => {
    await tx
      .insert(isicCodes)
      .values(isicRows)
      .onConflictDoUpdate({
        target: isicCodes.code,
        set: {
          section: excluded("section"),
          descriptionEn: excluded("description_en"),
          descriptionFa: excluded("description_fa"),
        },
        setWhere: sql`(${isicCodes.section}, ${isicCodes.descriptionEn}, ${isicCodes.descriptionFa}) is distinct from (${excluded("section")}, ${excluded("description_en")}, ${excluded("description_fa")})`,
      });

    await tx
      .insert(products)
      .values(productRows)
      .onConflictDoUpdate({
        target: products.id,
        set: {
          nameEn: excluded("name_en"),
          nameFa: excluded("name_fa"),
          descriptionEn: excluded("description_en"),
          descriptionFa: excluded("description_fa"),
          isicCode: excluded("isic_code"),
          sector: excluded("sector"),
        },
        setWhere: sql`(${products.nameEn}, ${products.nameFa}, ${products.descriptionEn}, ${products.descriptionFa}, ${products.isicCode}, ${products.sector}) is distinct from (${excluded("name_en")}, ${excluded("name_fa")}, ${excluded("description_en")}, ${excluded("description_fa")}, ${excluded("isic_code")}, ${excluded("sector")})`,
      });
  });
}
