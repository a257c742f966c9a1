/**
 * Points rules shared by client and server: the tier upgrade input and the helpful-answer
 * bonus (spec part 1 §4 Tier upgrade, part 2 §9).
 */
import { z } from "zod";
import { TIERS } from "./constants";

export { HELPFUL_ANSWER_POINTS } from "./constants";

export const upgradeTierInput = z.object({ tier: z.enum(TIERS) });
