import { describe, expect, it } from 'vitest';
import { useOfflineNetwork } from '../../test/offline-network';
import { cardStates } from './api';

const t0 = new Date('2026-03-02T08:00:00Z');
const plus = (m: number) => new Date(t0.getTime() + m * 60_000);

// Spaced repetition (docs/product.md §10.5): every Correct / Wrong given offline is a review the server must replay, in order.
describe('the deck outbox', () => {
  const network = useOfflineNetwork();

  it("deck answers: two answers to one card both go, in order; a card's flags collapse to the latest", async () => {
    const base = { id: 7, is_flagged: false, is_correct: false, is_wrong: false };
    cardStates.add({ ...base, is_flagged: true });
    cardStates.add({ ...base, is_wrong: true, review: { client_id: 'c1', reviewed_at: plus(0).toISOString() } });
    cardStates.add({ ...base, is_flagged: true, is_wrong: true });
    cardStates.add({ ...base, is_correct: true, review: { client_id: 'c2', reviewed_at: plus(1).toISOString() } });
    cardStates.add({ ...base, is_correct: true });
    network.online = true;
    await cardStates.flush();
    expect(network.sent.map((s) => s.body)).toEqual([
      { is_flagged: false, is_correct: false, is_wrong: true, review: { client_id: 'c1', reviewed_at: plus(0).toISOString() } },
      { is_flagged: false, is_correct: true, is_wrong: false, review: { client_id: 'c2', reviewed_at: plus(1).toISOString() } },
      { is_flagged: false, is_correct: true, is_wrong: false },
    ]);
  });
});
