/**
 * What a notification says, in the viewer's language, from its kind and params (issue 17 §1).
 * The server stores an English title for the spec's column; the client never shows it.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { NotificationItem } from "../../../common/notifications";
import { formatNumber } from "../../i18n";
import { TIER_LABELS } from "../../lib/labels";

/** The one-line text of `n` in the active language of `i18n`. */
export function notificationText(i18n: I18n, n: NotificationItem): string {
  switch (n.kind) {
    case "response_received":
      return n.params.postKind === "offer"
        ? i18n._(msg`Response to Your Offer: a member responded to your offer.`)
        : i18n._(msg`Response to Your Request: a member responded to your request.`);
    case "rating_received": {
      const stars = formatNumber(n.params.rating);
      return i18n._(msg`Your response was rated ${stars} out of 3 stars.`);
    }
    case "knowledge_reviewed": {
      const title = n.params.title;
      if (n.params.decision === "rejected") return i18n._(msg`Your submission “${title}” was not approved.`);
      const points = formatNumber(n.params.points ?? 0);
      return n.params.points
        ? i18n._(msg`Your submission “${title}” was approved: +${points} points.`)
        : i18n._(msg`Your submission “${title}” was approved.`);
    }
    case "tier_changed": {
      const tier = i18n._(TIER_LABELS[n.params.tier]);
      return i18n._(msg`Your tier is now ${tier}.`);
    }
    case "approval_decided":
      return n.params.decision === "approved"
        ? i18n._(msg`Your membership was approved. Welcome to Export Club!`)
        : i18n._(msg`Your membership application was not approved.`);
    case "service_reviewed": {
      const title = n.params.title;
      return n.params.decision === "approved"
        ? i18n._(msg`Your service “${title}” was approved and is now listed.`)
        : i18n._(msg`Your service “${title}” was not approved.`);
    }
    case "contact_replied": {
      const name = n.params.senderName;
      return i18n._(msg`The contact message from ${name} was answered.`);
    }
  }
}
