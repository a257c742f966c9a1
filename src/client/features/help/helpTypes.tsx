/**
 * The six help types of Request Help (spec part 2 §2, §3): each card's icon and one line, and
 * which fields each type asks for. The required one comes from `HELP_TYPE_FIELD` (the same rule
 * the server enforces, DESIGN.md §8.5); the others are optional context for matching members.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  IconBuildingStore,
  IconFileText,
  IconHeartHandshake,
  IconPackage,
  IconUserSearch,
  IconWorld,
} from "@tabler/icons-react";
import type { ComponentType } from "react";
import { HELP_TYPE_FIELD, type HelpType } from "../../../common/help";

export type HelpField = "targetCountry" | "productCategory" | "expertiseAreas" | "employmentType" | "serviceType";

interface HelpTypeMeta {
  icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
  color: string;
  blurb: MessageDescriptor;
  /** Fields shown for the type, the required one first. */
  fields: HelpField[];
}

export const HELP_TYPE_META: Record<HelpType, HelpTypeMeta> = {
  country_knowledge: {
    icon: IconWorld,
    color: "blue",
    blurb: msg`Market insight, rules and contacts for a target country.`,
    fields: ["targetCountry", "productCategory"],
  },
  product_experience: {
    icon: IconPackage,
    color: "orange",
    blurb: msg`Advice from members who already export your kind of product.`,
    fields: ["productCategory", "targetCountry"],
  },
  hire_expert: {
    icon: IconUserSearch,
    color: "grape",
    blurb: msg`Find a marketing, legal or commercial expert to work with you.`,
    fields: ["expertiseAreas", "employmentType", "targetCountry"],
  },
  trade_services: {
    icon: IconBuildingStore,
    color: "teal",
    blurb: msg`Marketing, legal or commercial services for a trade.`,
    fields: ["serviceType", "targetCountry", "productCategory"],
  },
  documents: {
    icon: IconFileText,
    color: "cyan",
    blurb: msg`Help with export forms, certificates and paperwork.`,
    fields: ["productCategory", "targetCountry"],
  },
  collaboration: {
    icon: IconHeartHandshake,
    color: "pink",
    blurb: msg`Partners for joint exports, sourcing or co-marketing.`,
    fields: ["productCategory", "targetCountry"],
  },
};

/** The field a type requires (marked and enforced). */
export function requiredField(type: HelpType): HelpField {
  return HELP_TYPE_FIELD[type];
}
