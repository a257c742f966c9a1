/**
 * Offers: the rating input (spec part 2 §5 Rating: 1 to 3 stars only).
 */
import { z } from "zod";
import { POST_AREAS } from "./constants";
import { Msg } from "./messages";
import { rowIdSchema } from "./validation";

/** Stars of a rating, and the top of the average's scale (spec part 2 §5: 1 to 3 stars). */
export const MAX_STARS = 3;

export const rateInput = z.object({
  responseId: rowIdSchema,
  rating: z.number().int().min(1, Msg.ratingRange).max(MAX_STARS, Msg.ratingRange),
});

/** One response to the viewer's own request (reveal). */
export const responseIdInput = z.object({ responseId: rowIdSchema });

/** `offers.list`: the responses to my posts, of every area or of one (issue #14). */
export const offersListInput = z
  .object({ area: z.enum(POST_AREAS).nullish() })
  .nullish()
  .transform((v) => v ?? {});
