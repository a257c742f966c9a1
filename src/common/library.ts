/**
 * The knowledge library (issue #13 §1): published knowledge that members read, search and like.
 * Inputs shared by client and server, and the full-text folding both sides apply. Pure.
 */
import { z } from "zod";
import { EVENT_TYPES, KNOWLEDGE_COUNTRIES, PRODUCT_CATEGORY_CODES, SHARE_TYPES } from "./knowledge";
import { Msg } from "./messages";
import { ARABIC_LETTERS, foldPersian, PERSIAN_LETTERS, ZWNJ } from "./search";
import { INT4_MAX, plainText, rowIdSchema, searchInput, timestampSchema } from "./validation";

/** Items per page of the library. */
export const LIBRARY_PAGE_SIZE = 12;

export { LIKE_POINTS } from "./constants";

/** Longest note an admin writes when unpublishing an item. */
export const UNPUBLISH_NOTE_MAX = 500;

export const LIBRARY_SORTS = ["newest", "mostLiked"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** Arabic diacritics (harakat, tanwin, superscript alef), which full-text search ignores. */
const ARABIC_MARKS = /[\u064B-\u065F\u0670]/g;

/**
 * `text` as the library's full-text search sees it: `foldPersian` (common/search.ts: Arabic yeh
 * and kaf as their Persian forms, ZWNJ removed), then Arabic diacritics removed. Case is left to
 * Postgres's 'simple' configuration, which lowers both the document and the query alike. The SQL
 * counterpart is `FULL_TEXT_SQL`.
 */
export function foldForFullText(text: string): string {
  return foldPersian(text).replace(ARABIC_MARKS, "");
}

const codes = (s: string) => [...s].map((c) => `chr(${c.codePointAt(0)})`).join(" || ");

/**
 * The generated `shared_knowledge.search_vector` column: title and content folded as
 * `foldForFullText` does, as a 'simple' tsvector. Literal SQL (a generated column takes no
 * parameters); every function in it is immutable.
 */
export const FULL_TEXT_SQL = `to_tsvector('simple'::regconfig, regexp_replace(translate(replace(coalesce("title", '') || ' ' || coalesce("content", ''), ${codes(ZWNJ)}, ''), ${codes(ARABIC_LETTERS)}, ${codes(PERSIAN_LETTERS)}), '[\\u064B-\\u065F\\u0670]', '', 'g'))`;

/** At most this many words of a search are used. */
const MAX_SEARCH_WORDS = 8;

/**
 * A `to_tsquery('simple', …)` text that finds items holding every word of `search` (each as a
 * prefix, so "saffr" finds "saffron"), or null when `search` has no word. Words keep only
 * letters, marks and digits, so no tsquery operator or quote can reach Postgres.
 */
export function fullTextQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = foldForFullText(search)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return null;
  return words.map((w) => `'${w}':*`).join(" & ");
}

/** Where the list continues: the last item's approval time, like count and id. */
export const libraryCursor = z.object({
  at: timestampSchema,
  likes: z.number().int().min(0).max(INT4_MAX),
  id: rowIdSchema,
});

export type LibraryCursor = z.infer<typeof libraryCursor>;

/**
 * One page of the library. Filters combine (AND): `country` keeps country knowledge about that
 * country, `productCategory` regulations and documents of that category, `eventType` event
 * experiences of that type.
 */
export const libraryListInput = z.object({
  search: searchInput,
  shareType: z.enum(SHARE_TYPES).optional(),
  country: z.enum(KNOWLEDGE_COUNTRIES, Msg.invalidCountry).optional(),
  productCategory: z.enum(PRODUCT_CATEGORY_CODES).optional(),
  eventType: z.enum(EVENT_TYPES).optional(),
  sort: z.enum(LIBRARY_SORTS).default("newest"),
  cursor: libraryCursor.nullish(),
  limit: z.number().int().min(1).max(50).default(LIBRARY_PAGE_SIZE),
});

export type LibraryListInput = z.input<typeof libraryListInput>;

export const libraryItemInput = z.object({ id: rowIdSchema });

/** Unpublish: the item and the note its author reads in My Submissions. */
export const unpublishInput = z.object({
  id: rowIdSchema,
  note: plainText().trim().min(1, Msg.unpublishNoteRequired).max(UNPUBLISH_NOTE_MAX, Msg.notesTooLong),
});

export type UnpublishInput = z.input<typeof unpublishInput>;
