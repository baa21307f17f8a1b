import type {
  Card,
  CardStateBody,
  CardStateResponse,
  DeckPageResponse,
  DeckSummaryResponse,
  UnflagCorrectResponse,
} from '@shared/contracts/flashcards';
import type { Deck } from '@shared/flashcards';
import { legacyCardStateKeys, renameLegacyKeys } from '@shared/legacy-wire';
import { api } from '../../lib/api';
import { createOutbox } from '../../lib/outbox';

export type { Card, DeckSummaryResponse as DeckSummary };

export const flashcardsApi = {
  summary: (deck: Deck) => api<DeckSummaryResponse>(`/api/flashcards/summary?deck=${deck}`),
  page: (deck: Deck, category: string, flagged: boolean, seed: string, page: number) =>
    api<DeckPageResponse>(
      `/api/flashcards/page?deck=${deck}&category=${encodeURIComponent(category)}&filter=${flagged ? 'flagged' : 'all'}&seed=${seed}&page=${page}`,
    ),
  unflagCorrect: (deck: Deck, category: string) =>
    api<UnflagCorrectResponse>('/api/flashcards/unflag-correct', { json: { deck, category } }),
};

/** A card's state waiting to be sent: the body of PUT /api/flashcards/:id/state with the card's id. */
export type CardStateWrite = CardStateBody & { id: number };

/**
 * Every answer and flag is kept until the server has it (offline, reloads) and sent in the order given. A flag replaces the
 * card's queued flag (the latest state wins); each answer stays, because each is a review the schedule needs, in order.
 */
export const cardStates = createOutbox<CardStateWrite>({
  storageKey: 'flashcard_state_queue',
  batchSize: 1,
  keyOf: (s) => (s.review ? `${s.id}:${s.review.clientId}` : String(s.id)),
  // LEGACY-WIRE (decision 085): a state queued before the upgrade was stored with snake_case keys
  revive: (stored) => renameLegacyKeys(stored, legacyCardStateKeys) as CardStateWrite,
  send: ([s]) =>
    api<CardStateResponse>(`/api/flashcards/${s!.id}/state`, {
      method: 'PUT',
      json: {
        isFlagged: s!.isFlagged,
        isCorrect: s!.isCorrect,
        isWrong: s!.isWrong,
        ...(s!.review ? { review: s!.review } : {}),
      },
    }),
});

/** Applies writes still waiting in the queue to cards fetched from the server. */
export function withPendingStates(cards: Card[]): Card[] {
  const pending = new Map(cardStates.peek(2000).map((s) => [s.id, s]));
  return cards.map((c) => {
    const p = pending.get(c.id);
    return p ? { ...c, isFlagged: p.isFlagged, isCorrect: p.isCorrect, isWrong: p.isWrong } : c;
  });
}
