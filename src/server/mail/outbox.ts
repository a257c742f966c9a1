/**
 * Transactional outbox for e-mail (issue #2 §5): a message is inserted in the same transaction
 * as the change it reports; the worker (`worker.ts`) delivers it.
 */
import type { Locale } from "../../common/constants";
import type { DbOrTx } from "../db/client";
import { emailOutbox } from "../db/schema";
import { type MailContent, textToHtml } from "./templates";

/**
 * Queues one e-mail to `to`; `kind` names what produced it (for tracing). `headers` are extra
 * header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` from `unsubscribeHeaders`
 * (domain/notifications.ts) on every preference-governed mail.
 */
export async function enqueueMail(
  db: DbOrTx,
  mail: { to: string; kind: string; locale: Locale; content: MailContent; headers?: Record<string, string> },
): Promise<void> {
  await db.insert(emailOutbox).values({
    toAddress: mail.to,
    kind: mail.kind,
    subject: mail.content.subject,
    textBody: mail.content.text,
    htmlBody: textToHtml(mail.content.text, mail.locale),
    headers: mail.headers ?? null,
  });
}
