import { describe, expect, it } from 'vitest';
import { useOfflineNetwork } from '../../test/offline-network';
import { cardStates } from './api';

const t0 = new Date('2026-03-02T08:00:00Z');
const plus = (m: number) => new Date(t0.getTime() + m * 60_000);

// Spaced repetition (docs/product.md §10.5): every Correct / Wrong given offline is a review the server must replay, in order.
describe('the deck outbox', () => {
  const network = useOfflineNetwork();

  it("deck answers: two answers to one card both go, in order; a card's flags collapse to the latest", async () => {
    const base = { id: 7, isFlagged: false, isCorrect: false, isWrong: false };
    cardStates.add({ ...base, isFlagged: true });
    cardStates.add({ ...base, isWrong: true, review: { clientId: 'c1', reviewedAt: plus(0).toISOString() } });
    cardStates.add({ ...base, isFlagged: true, isWrong: true });
    cardStates.add({ ...base, isCorrect: true, review: { clientId: 'c2', reviewedAt: plus(1).toISOString() } });
    cardStates.add({ ...base, isCorrect: true });
    network.online = true;
    await cardStates.flush();
    expect(network.sent.map((s) => s.body)).toEqual([
      { isFlagged: false, isCorrect: false, isWrong: true, review: { clientId: 'c1', reviewedAt: plus(0).toISOString() } },
      { isFlagged: false, isCorrect: true, isWrong: false, review: { clientId: 'c2', reviewedAt: plus(1).toISOString() } },
      { isFlagged: false, isCorrect: true, isWrong: false },
    ]);
  });
});
