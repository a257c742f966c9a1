/**
 * Session inputs: the interface language remembered on the account (spec part 1 §4 Language).
 */
import { z } from "zod";
import { LOCALES } from "./constants";

export const setLocaleInput = z.object({ locale: z.enum(LOCALES) });
