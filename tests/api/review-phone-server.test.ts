import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleOnPhone, sessionOf } from '../../src/client/features/review/session';
import { reviewAnswerResponse, reviewQueueResponse, type ReviewItem } from '../../src/shared/contracts/review';
import { schedule } from '../../src/shared/srs';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Decision 092: fuzz is on, seeded from the card, so the phone — scheduling offline with the client's own module
// (src/client/features/review/session.ts) — and the server reach the same due dates. The phone's computation is run here
// on the queue the API sends, the server's through the API, on the same answers at the same times, in a zone with evening
// study across UTC midnight (decision 090).

const DAY = 86_400_000;

describe.each(testDatabases())('the phone and the server schedule alike on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  it('the same due dates, stabilities and difficulties, fuzz included, over four reviews of six cards', async () => {
    const u = await signedInUser(s, { activeDays: 90, courseLevel: 'EMT' });
    expect((await s.request('/api/home', { method: 'POST', cookie: u.cookie, json: { timeZone: 'America/Los_Angeles' } })).status).toBe(
      200,
    );
    const queueRes = await s.request('/api/review/queue', { cookie: u.cookie });
    expect(queueRes.status).toBe(200);
    const session = sessionOf(reviewQueueResponse.parse(await queueRes.json()));
    expect(session.timeZone).toBe('America/Los_Angeles');
    let items: ReviewItem[] = session.items.slice(0, 6);
    expect(items).toHaveLength(6);
    let moved = 0;
    const advance = (ms: number) => {
      s.advanceClock(ms);
      moved += ms;
    };
    const fuzzed: number[] = [];
    const unfuzzed: number[] = [];
    try {
      for (const wait of [0, 10 * 60_000, 2 * DAY, 12 * DAY]) {
        advance(wait);
        const next: ReviewItem[] = [];
        for (const item of items) {
          const now = s.deps.now();
          const phone = scheduleOnPhone(session, item, 'good', now).card;
          const res = await s.request('/api/review/answers', {
            method: 'POST',
            cookie: u.cookie,
            json: { kind: 'flashcard', key: item.key, grade: 'good', clientId: randomUUID(), reviewedAt: now.toISOString() },
          });
          expect(res.status, await res.clone().text()).toBe(200);
          const server = reviewAnswerResponse.parse(await res.json()).card;
          expect(server.due).toBe(phone.due.toISOString());
          expect(server.lastReview).toBe(now.toISOString());
          expect(server.stability).toBe(phone.stability);
          expect(server.difficulty).toBe(phone.difficulty);
          expect(server.scheduledDays).toBe(phone.scheduledDays);
          if (wait === 2 * DAY) {
            fuzzed.push(server.scheduledDays);
            const card = {
              ...item.card,
              due: new Date(item.card.due),
              lastReview: item.card.lastReview ? new Date(item.card.lastReview) : null,
            };
            unfuzzed.push(schedule(card, 'good', now, { retention: 0.9, timeZone: 'America/Los_Angeles', fuzz: false }).card.scheduledDays);
          }
          next.push({ ...item, card: server });
        }
        items = next;
      }
    } finally {
      s.advanceClock(-moved);
    }
    // the fuzz is on: cards learned together (the same history, S = 10.97, 11 days without fuzz) are spread apart
    expect(new Set(unfuzzed)).toEqual(new Set([11]));
    expect(new Set(fuzzed).size).toBeGreaterThan(1);
    for (const d of fuzzed) expect(Math.abs(d - 11)).toBeLessThanOrEqual(3);
  });
});
