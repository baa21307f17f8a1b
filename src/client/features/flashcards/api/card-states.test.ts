import { describe, expect, it } from 'vitest';
import { useOfflineNetwork } from '../../../test/offline-network';
import { setOutboxUser } from '../../../lib/outbox';
import type { Card } from '@shared/contracts/flashcards';
import { cardStates, withPendingStates } from './card-states';

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

  // LEGACY-WIRE (decision 085): a state queued by the release before is still sent after the upgrade, in the new shape.
  it('replays a card state queued in the old snake_case keys, and shows it on the card meanwhile', async () => {
    const review = { client_id: 'c0', reviewed_at: plus(0).toISOString() };
    localStorage.setItem(
      'flashcard_state_queue:u-upgraded',
      JSON.stringify([
        { id: 7, is_flagged: true, is_correct: false, is_wrong: false },
        { id: 8, is_flagged: false, is_correct: false, is_wrong: true, review },
      ]),
    );
    setOutboxUser('u-upgraded'); // signing in sends what is queued: offline, it stays
    await cardStates.flush();
    const card: Card = {
      id: 7,
      key: 'card-7',
      category: 'Cardiology',
      courseLevel: 'Paramedic',
      front: 'f',
      back: 'b',
      isFlagged: false,
      isCorrect: false,
      isWrong: false,
    };
    expect(withPendingStates([card])).toEqual([{ ...card, isFlagged: true }]);
    // a newer flag of the same card still replaces the queued old one
    cardStates.add({ id: 7, isFlagged: false, isCorrect: true, isWrong: false });
    network.online = true;
    await cardStates.flush();
    expect(network.sent).toEqual([
      {
        url: '/api/flashcards/8/state',
        body: { isFlagged: false, isCorrect: false, isWrong: true, review: { clientId: 'c0', reviewedAt: plus(0).toISOString() } },
      },
      { url: '/api/flashcards/7/state', body: { isFlagged: false, isCorrect: true, isWrong: false } },
    ]);
    expect(cardStates.pending()).toBe(0);
  });
});
