/**
 * Reference lists with English and Persian names (spec part 2 §3 fixed lists).
 */
import { asc, eq } from "drizzle-orm";
import { activities, countries, industrialSectors, isicCodes, products, userTypes } from "../db/schema";
import { countryAlsoKnownAs } from "../db/seed/reference-data";
import { publicProcedure, router } from "../trpc/init";

export const referenceRouter = router({
  /**
   * ISO countries, ordered by English name; `{ code, nameEn, nameFa, alsoKnownAs }`, where
   * `alsoKnownAs` is other English and Persian names to search by ("Turkey", "انگلیس").
   */
  countries: publicProcedure.query(async ({ ctx }) => {
    const aliases = countryAlsoKnownAs();
    const rows = await ctx.db.select().from(countries).orderBy(asc(countries.nameEn));
    return rows.map((r) => ({ ...r, alsoKnownAs: aliases.get(r.code) ?? "" }));
  }),
  /** The 24 industrial sectors in the spec's order. */
  sectors: publicProcedure.query(({ ctx }) =>
    ctx.db.select().from(industrialSectors).orderBy(asc(industrialSectors.sortOrder)),
  ),
  activities: publicProcedure.query(({ ctx }) => ctx.db.select().from(activities).orderBy(asc(activities.sortOrder))),
  /** The product catalogue with each product's ISIC division label (spec part 2 §2 product picker). */
  products: publicProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: products.id,
        nameEn: products.nameEn,
        nameFa: products.nameFa,
        descriptionEn: products.descriptionEn,
        descriptionFa: products.descriptionFa,
        isicCode: products.isicCode,
        isicEn: isicCodes.descriptionEn,
        isicFa: isicCodes.descriptionFa,
        sector: products.sector,
      })
      .from(products)
      .innerJoin(isicCodes, eq(isicCodes.code, products.isicCode))
      .orderBy(asc(products.nameEn)),
  ),
  /** ISIC Rev.4 sections and divisions. */
  isicCodes: publicProcedure.query(({ ctx }) => ctx.db.select().from(isicCodes).orderBy(asc(isicCodes.code))),
  userTypes: publicProcedure.query(({ ctx }) => ctx.db.select().from(userTypes).orderBy(asc(userTypes.sortOrder))),
});
