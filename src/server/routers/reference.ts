/**
 * Reference lists with English and Persian names (spec part 2 §3 fixed lists).
 */
import { asc } from "drizzle-orm";
import { activities, countries, industrialSectors, userTypes } from "../db/schema";
import { publicProcedure, router } from "../trpc/init";

export const referenceRouter = router({
  /** ISO countries, ordered by English name; `{ code, nameEn, nameFa }`. */
  countries: publicProcedure.query(({ ctx }) => ctx.db.select().from(countries).orderBy(asc(countries.nameEn))),
  /** The 24 industrial sectors in the spec's order. */
  sectors: publicProcedure.query(({ ctx }) =>
    ctx.db.select().from(industrialSectors).orderBy(asc(industrialSectors.sortOrder)),
  ),
  activities: publicProcedure.query(({ ctx }) => ctx.db.select().from(activities).orderBy(asc(activities.sortOrder))),
  userTypes: publicProcedure.query(({ ctx }) => ctx.db.select().from(userTypes).orderBy(asc(userTypes.sortOrder))),
});
