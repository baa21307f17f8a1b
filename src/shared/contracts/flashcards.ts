import { z } from 'zod';
import { CONTENT_LEVELS, PG_INT_MAX } from '../constants';
import { categoryParam, DECK_FILTERS, DECKS } from '../flashcards';
import { legacyCardStateKeys, renameLegacyKeys } from '../legacy-wire';

// The flashcards API's contract (decision 035): the queries and bodies the server validates, the answers it is typed
// against and the API tests parse strictly. The client imports the types.

/** GET /api/flashcards/summary?deck= */
export const deckSummaryQuery = z.object({ deck: z.enum(DECKS) });

/** GET /api/flashcards/page?deck=&category=&filter=&seed=&page= */
export const deckPageQuery = z.object({
  deck: z.enum(DECKS),
  category: categoryParam,
  filter: z.enum(DECK_FILTERS).default('all'),
  seed: z
    .string()
    .regex(/^[a-z0-9]{1,32}$/i, 'seed must be 1 to 32 letters or digits')
    .default('0'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  /** a card to show first (a search result opened in its deck); ignored when it is not in the deck */
  first: z.coerce.number().int().positive().max(PG_INT_MAX).optional(),
});

/** The `:id` of PUT /api/flashcards/:id/state */
export const cardIdParam = z.coerce.number().int('Unknown card').positive('Unknown card').max(PG_INT_MAX, 'Unknown card');

/** PUT /api/flashcards/:id/state: the student's state of one card. */
export const cardStateFields = z
  .strictObject({
    isFlagged: z.boolean(),
    isCorrect: z.boolean(),
    isWrong: z.boolean(),
    /** sent with a Correct / Wrong answer (not with a flag): the review it schedules (docs/product.md §10.5); `clientId` makes a retry count once */
    review: z
      .strictObject({
        clientId: z.uuid('clientId must be a UUID'),
        reviewedAt: z.iso.datetime({ offset: true, message: 'reviewedAt must be an ISO date and time' }).optional(),
      })
      .optional(),
  })
  .refine((s) => !(s.isCorrect && s.isWrong), 'A card cannot be both correct and wrong');
export type CardStateBody = z.infer<typeof cardStateFields>;

/** The body as sent; for one release a card state queued in the old snake_case keys too (LEGACY-WIRE, decision 085). */
export const cardStateBody = z.preprocess((body) => renameLegacyKeys(body, legacyCardStateKeys), cardStateFields);

/** POST /api/flashcards/unflag-correct */
export const unflagCorrectBody = z.strictObject({ deck: z.enum(DECKS), category: categoryParam });
export type UnflagCorrectBody = z.input<typeof unflagCorrectBody>;

export const categorySummary = z.strictObject({
  category: z.string(),
  total: z.number().int(),
  correct: z.number().int(),
  wrong: z.number().int(),
  flagged: z.number().int(),
});
export type CategorySummary = z.infer<typeof categorySummary>;

/** GET /api/flashcards/summary: per-category counts of a deck with the caller's tallies. */
export const deckSummaryResponse = z.strictObject({
  deck: z.enum(DECKS),
  levels: z.array(z.enum(CONTENT_LEVELS)),
  categories: z.array(categorySummary),
  contentVersion: z.string().nullable(),
});
export type DeckSummaryResponse = z.infer<typeof deckSummaryResponse>;

export const card = z.strictObject({
  id: z.number().int(),
  /** the card's content key: what a bookmark names (decision 102) */
  key: z.string(),
  category: z.string(),
  courseLevel: z.enum(CONTENT_LEVELS),
  front: z.string(),
  back: z.string(),
  isFlagged: z.boolean(),
  isCorrect: z.boolean(),
  isWrong: z.boolean(),
});
export type Card = z.infer<typeof card>;

/** GET /api/flashcards/page: 20 cards in the seed's order; `total` on the first page and on a short last one. */
export const deckPageResponse = z.strictObject({
  total: z.number().int().optional(),
  page: z.number().int(),
  cards: z.array(card),
});
export type DeckPageResponse = z.infer<typeof deckPageResponse>;

/** PUT /api/flashcards/:id/state: the state saved. */
export const cardStateResponse = z.strictObject({
  id: z.number().int(),
  courseLevel: z.enum(CONTENT_LEVELS),
  isFlagged: z.boolean(),
  isCorrect: z.boolean(),
  isWrong: z.boolean(),
});
export type CardStateResponse = z.infer<typeof cardStateResponse>;

/** POST /api/flashcards/unflag-correct: how many cards were unflagged. */
export const unflagCorrectResponse = z.strictObject({ count: z.number().int() });
export type UnflagCorrectResponse = z.infer<typeof unflagCorrectResponse>;
