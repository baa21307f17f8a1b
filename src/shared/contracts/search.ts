import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';

// The search API's contract (decision 035; what is searched and how: docs/decisions/101-search-full-text-and-trigram-terms.md).

/** The kinds of study content /search finds, in the order the results show them. */
export const SEARCH_KINDS = ['flashcard', 'question', 'scenario', 'video', 'dragDrop', 'sorting'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A query of fewer characters (after trimming) is not searched: every word would match. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 100;
/** At most this many results of each kind are sent; `total` counts them all. */
export const SEARCH_PER_KIND = 10;

export const searchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_CHARS, `Type at least ${SEARCH_MIN_CHARS} characters.`)
    .max(SEARCH_MAX_CHARS, `At most ${SEARCH_MAX_CHARS} characters.`),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A piece of a result's text; `match` marks the words the query matched (shown highlighted). */
export const textSegment = z.strictObject({ text: z.string(), match: z.boolean() });
export type TextSegment = z.infer<typeof textSegment>;

/**
 * One result. `id` is what opens it: a flashcard's or video's id, a question's key, a scenario's key, a drag-and-drop
 * scenario's or sorting question's id.
 */
export const searchHit = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  level: z.enum(CONTENT_LEVELS).nullable(),
  /** the flashcard's front, the question's stem, the scenario's or video's title */
  title: z.array(textSegment),
  /** where the rest of the item matched: the back, the options, the steps, the description, the therapies, the items */
  snippet: z.array(textSegment),
  /** a flashcard's category, for its deck */
  category: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHit>;

export const searchGroup = z.strictObject({
  kind: z.enum(SEARCH_KINDS),
  /** every match of this kind (more than `hits` when over SEARCH_PER_KIND) */
  total: z.number().int(),
  hits: z.array(searchHit),
});
export type SearchGroup = z.infer<typeof searchGroup>;

/** GET /api/search?q=: the student's levels' content matching the words (each also as a prefix), best first. */
export const searchResponse = z.strictObject({
  query: z.string(),
  /** the words searched when a misspelt one was replaced by the library's nearest word ("amiodarne" -> "amiodarone"), else null */
  correctedQuery: z.string().nullable(),
  total: z.number().int(),
  /** kinds with at least one match, in SEARCH_KINDS order */
  groups: z.array(searchGroup),
  /** with no match at all: the library's nearest term to try instead, when there is one */
  suggestion: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** The words of a query as searched: lower case letters and digits, at most eight (the server and the device alike). */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[a-z0-9]+/g) ?? []).slice(0, 8);
}
