import type { Deck } from '@shared/flashcards';
import { api } from '../../lib/api';
import { createOutbox } from '../../lib/outbox';

export interface Card {
  id: number;
  category: string;
  courseLevel: 'Paramedic' | 'EMT';
  front: string;
  back: string;
  isFlagged: boolean;
  isCorrect: boolean;
  isWrong: boolean;
}
export interface CategorySummary {
  category: string;
  total: number;
  correct: number;
  wrong: number;
  flagged: number;
}
export interface DeckSummary {
  categories: CategorySummary[];
  contentVersion: string | null;
}
export interface DeckPage {
  /** the deck's size: on the first page and a short last one; absent when unchanged */
  total?: number;
  page: number;
  cards: Card[];
}

export const flashcardsApi = {
  summary: (deck: Deck) => api<DeckSummary>(`/api/flashcards/summary?deck=${deck}`),
  page: (deck: Deck, category: string, flagged: boolean, seed: string, page: number) =>
    api<DeckPage>(
      `/api/flashcards/page?deck=${deck}&category=${encodeURIComponent(category)}&filter=${flagged ? 'flagged' : 'all'}&seed=${seed}&page=${page}`,
    ),
  unflagCorrect: (deck: Deck, category: string) => api<{ count: number }>('/api/flashcards/unflag-correct', { json: { deck, category } }),
};

export interface CardStateWrite {
  id: number;
  is_flagged: boolean;
  is_correct: boolean;
  is_wrong: boolean;
  /** with a Correct / Wrong answer: the review it is (spaced repetition), applied once per client id */
  review?: { client_id: string; reviewed_at: string };
}

/**
 * Every answer and flag is kept until the server has it (offline, reloads) and sent in the order given. A flag replaces the
 * card's queued flag (the latest state wins); each answer stays, because each is a review the schedule needs, in order.
 */
export const cardStates = createOutbox<CardStateWrite>({
  storageKey: 'flashcard_state_queue',
  batchSize: 1,
  keyOf: (s) => (s.review ? `${s.id}:${s.review.client_id}` : String(s.id)),
  send: ([s]) =>
    api(`/api/flashcards/${s!.id}/state`, {
      method: 'PUT',
      json: {
        is_flagged: s!.is_flagged,
        is_correct: s!.is_correct,
        is_wrong: s!.is_wrong,
        ...(s!.review ? { review: s!.review } : {}),
      },
    }),
});

/** Applies writes still waiting in the queue to cards fetched from the server. */
export function withPendingStates(cards: Card[]): Card[] {
  const pending = new Map(cardStates.peek(2000).map((s) => [s.id, s]));
  return cards.map((c) => {
    const p = pending.get(c.id);
    return p ? { ...c, isFlagged: p.is_flagged, isCorrect: p.is_correct, isWrong: p.is_wrong } : c;
  });
}
