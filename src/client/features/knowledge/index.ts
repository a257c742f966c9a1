/**
 * The knowledge feature's public module, for the admin inbox and the library: status badge,
 * category labels and options, countries, an item's facts.
 */

export { Fact, ShareTypeFacts } from "./KnowledgeFacts";
export {
  categoryKind,
  categoryLabel,
  eventTypeOptions,
  productCategoryOptions,
  useKnowledgeCountries,
} from "./options";
export { StatusBadge } from "./StatusBadge";
