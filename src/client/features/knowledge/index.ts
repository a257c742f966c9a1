/** The knowledge feature's public module, for the admin inbox: status badge, category labels, countries. */
export { categoryKind, categoryLabel, useKnowledgeCountries } from "./options";
export { StatusBadge } from "./StatusBadge";
