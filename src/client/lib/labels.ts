/**
 * Translated labels of stored codes (activities, user types, approval states).
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Activity, ApprovalStatus, UserType } from "../../common/constants";

export const ACTIVITY_LABELS: Record<Activity, MessageDescriptor> = {
  exporter: msg`Exporter`,
  export_expert: msg`Export Expert`,
  export_service_provider: msg`Export Service Provider`,
};

export const USER_TYPE_LABELS: Record<UserType, MessageDescriptor> = {
  individual: msg`Individual`,
  organization: msg`Organization`,
};

export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};
