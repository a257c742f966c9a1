/**
 * The landing page's contact form input (spec part 1 §2 Contact section, §5).
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { Msg } from "./messages";
import { emailSchema, plainText, sanitizeText } from "./validation";

/**
 * Contact form (spec part 1 §5): the text is sanitised first, then name 2–100 and message
 * 10–1000 characters are checked; the e-mail is trimmed and lower-cased.
 */
export const contactInput = z.object({
  name: plainText()
    .max(LIMITS.nameMax, Msg.nameTooLong)
    .transform(sanitizeText)
    .pipe(z.string().min(LIMITS.nameMin, Msg.nameTooShort)),
  email: emailSchema,
  message: plainText()
    .max(LIMITS.contactMessageMax, Msg.messageTooLong)
    .transform(sanitizeText)
    .pipe(z.string().min(LIMITS.contactMessageMin, Msg.messageTooShort)),
});

export type ContactInput = z.input<typeof contactInput>;
