import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOutboxUser } from '../../lib/outbox';
import { cardStates } from './api';

const t0 = new Date('2026-03-02T08:00:00Z');
const plus = (m: number) => new Date(t0.getTime() + m * 60_000);

// Issue 18: every Correct / Wrong given offline is a review the server must replay, in order.
describe('the deck outbox', () => {
  const sent: { url: string; body: unknown }[] = [];
  let online = false;
  beforeEach(() => {
    localStorage.clear();
    sent.length = 0;
    online = false;
    setOutboxUser(`u-${Math.random()}`);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (!online) throw new TypeError('Failed to fetch');
        sent.push({ url, body: JSON.parse(init.body as string) });
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("deck answers: two answers to one card both go, in order; a card's flags collapse to the latest", async () => {
    const base = { id: 7, is_flagged: false, is_correct: false, is_wrong: false };
    cardStates.add({ ...base, is_flagged: true });
    cardStates.add({ ...base, is_wrong: true, review: { client_id: 'c1', reviewed_at: plus(0).toISOString() } });
    cardStates.add({ ...base, is_flagged: true, is_wrong: true });
    cardStates.add({ ...base, is_correct: true, review: { client_id: 'c2', reviewed_at: plus(1).toISOString() } });
    cardStates.add({ ...base, is_correct: true });
    online = true;
    await cardStates.flush();
    expect(sent.map((s) => s.body)).toEqual([
      { is_flagged: false, is_correct: false, is_wrong: true, review: { client_id: 'c1', reviewed_at: plus(0).toISOString() } },
      { is_flagged: false, is_correct: true, is_wrong: false, review: { client_id: 'c2', reviewed_at: plus(1).toISOString() } },
      { is_flagged: false, is_correct: true, is_wrong: false },
    ]);
  });
});
