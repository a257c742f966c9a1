/** The library's public module: knowledge cards for a member's page. */
export { KnowledgeCard, KnowledgeCardSkeleton, type LibraryCard, NoKnowledge } from "./KnowledgeCard";
