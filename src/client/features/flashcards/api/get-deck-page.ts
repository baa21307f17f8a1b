import type { Card, DeckPageResponse } from '@shared/contracts/flashcards';
import type { Deck, DeckFilter } from '@shared/flashcards';
import { api } from '../../../lib/api';

export type { Card };

/**
 * One page of a deck in a seeded random order. Paged by `use-deck.ts`, which keeps the cards of one load of the deck (and
 * this device's queued states over them) in its own state rather than in the query cache.
 */
/** `first`: a card to lead the deck (a search result opened in it). */
export const getDeckPage = (deck: Deck, category: string, filter: DeckFilter, seed: string, page: number, first?: number) =>
  api<DeckPageResponse>(
    `/api/flashcards/page?deck=${deck}&category=${encodeURIComponent(category)}&filter=${filter}&seed=${seed}&page=${page}${first ? `&first=${first}` : ''}`,
  );
