import { describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewQueueResponse } from '@shared/contracts/review';
import { useOfflineNetwork } from '../../test/offline-network';
import { onReviewAnswered, reviewAnswers } from './api/review-answers';
import { answered, answeredQuestion, current, nextReviewAt, requeued, sessionOf } from './session';

const t0 = new Date('2026-03-02T08:00:00Z');
const plus = (m: number) => new Date(t0.getTime() + m * 60_000);
const blank = {
  state: 0,
  due: t0.toISOString(),
  stability: 0,
  difficulty: 0,
  scheduledDays: 0,
  learningSteps: 0,
  reps: 0,
  lapses: 0,
  lastReview: null,
};
const item = (key: string): ReviewItem => ({
  kind: 'flashcard',
  key,
  card: blank,
  flashcard: { id: 1, category: 'Trauma', courseLevel: 'EMT', front: 'Q', back: 'A' },
});
const question = (key: string, state = 1): ReviewItem => ({
  kind: 'question',
  key,
  card: { ...blank, state, reps: 1, lastReview: t0.toISOString() },
  courseLevel: 'EMT',
  order: 'token-0123456789',
  question: {
    key,
    type: 'single',
    domain: 'Primary Assessment',
    topic: 'Trauma',
    pediatric: false,
    stem: 'Which?',
    options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: `Option ${id}` })),
    flagged: false,
  },
});
const queue = (items: ReviewItem[]): ReviewQueueResponse => ({
  generatedAt: t0.toISOString(),
  endOfDay: '2026-03-03T00:00:00.000Z',
  due: [],
  new: items,
  nextDue: '2026-03-05T09:00:00.000Z',
  doneToday: 0,
  desiredRetention: 0.9,
  showHardEasy: false,
  weights: null,
  timeZone: 'UTC',
});

describe('the review session on the phone', () => {
  it('a card answered Wrong comes back after its 1-minute step, then its 10-minute step, then leaves for a later day', () => {
    let s = sessionOf(queue([item('a'), item('b')]));
    s = answered(s, current(s, t0)!, 'again', t0);
    expect(s.items.map((i) => i.key)).toEqual(['a', 'b']); // learning card first, due in 1 minute (within learn-ahead)
    expect(s.items[0]!.card.due).toBe(plus(1).toISOString());
    s = answered(s, current(s, t0)!, 'good', plus(1));
    expect(s.items[0]!.card.due).toBe(plus(11).toISOString());
    s = answered(
      s,
      s.items.find((i) => i.key === 'b')!,
      'good',
      plus(2),
    );
    // both in 10-minute steps: shown now (20-minute learn-ahead)
    expect(current(s, plus(2))?.key).toBe('a');
    s = answered(s, s.items[0]!, 'good', plus(11));
    s = answered(s, s.items[0]!, 'good', plus(12));
    expect(s.items).toEqual([]);
    expect(current(s, plus(12))).toBeUndefined();
    expect(s.done).toBe(5);
    // 'a', failed first, graduates with S ≈ 0.28 (one day, tests/fixtures/srs/fsrs6.py's formulas); 'b' with 2.3 (two days):
    // the next review is a's, before the queue's later card
    expect(nextReviewAt(s)).toBe(new Date(plus(11).getTime() + 86_400_000).toISOString());
  });

  it('a learning step beyond the learn-ahead waits: nothing shows now, the step is the next review', () => {
    let s = sessionOf(queue([item('a')]));
    s = answered(s, s.items[0]!, 'again', t0);
    s = answered(s, s.items[0]!, 'good', plus(1)); // due at +11 min
    expect(current(s, plus(1))?.key).toBe('a');
    const later = { ...s, items: s.items.map((i) => ({ ...i, card: { ...i.card, due: plus(60).toISOString() } })) };
    expect(current(later, plus(1))).toBeUndefined();
    expect(nextReviewAt(later)).toBe(plus(60).toISOString());
  });
});

describe('questions in the session', () => {
  it('a question leaves the queue when answered and comes back with the state the server sends, if due today', () => {
    let s = sessionOf(queue([item('n')]));
    s = { ...s, items: [question('q'), ...s.items] };
    expect(current(s, t0)?.key).toBe('q');
    s = answeredQuestion(s, s.items[0]!, 'c1');
    expect(s.items.map((i) => i.key)).toEqual(['n']);
    expect(s.done).toBe(1);
    expect(Object.keys(s.checking ?? {})).toEqual(['c1']);
    // the server graded it Again: its 1-minute step, ahead of the new card
    const again = { ...blank, state: 1, reps: 2, due: plus(1).toISOString(), lastReview: t0.toISOString() };
    s = requeued(s, 'c1', again);
    expect(s.items.map((i) => [i.kind, i.key])).toEqual([
      ['question', 'q'],
      ['flashcard', 'n'],
    ]);
    expect(s.items[0]!.card.due).toBe(again.due);
    expect(s.checking).toEqual({});
    // answered again, graded Good into review state two days on: out of today's queue, the next review
    s = answeredQuestion(s, s.items[0]!, 'c2');
    const later = { ...again, state: 2, reps: 3, due: '2026-03-04T08:00:00.000Z' };
    s = requeued(s, 'c2', later);
    expect(s.items.map((i) => i.key)).toEqual(['n']);
    expect(s.nextDue).toBe(later.due);
    // a verdict for an answer this session does not hold changes nothing; a refused one just leaves
    expect(requeued(s, 'unknown', later)).toBe(s);
    const refused = requeued(answeredQuestion(s, question('r'), 'c3'), 'c3', null);
    expect(refused.items.map((i) => i.key)).toEqual(['n']);
  });
});

describe('answers given offline are replayed in order', () => {
  const network = useOfflineNetwork();

  it('/review answers: every one, in the order given, with its client id and time', async () => {
    const answers = ['again', 'good', 'good'].map((grade, i) => ({
      kind: 'flashcard' as const,
      key: 'a',
      grade: grade as 'again' | 'good',
      clientId: `00000000-0000-4000-8000-00000000000${i}`,
      reviewedAt: plus(i).toISOString(),
    }));
    for (const a of answers) reviewAnswers.add(a);
    await reviewAnswers.flush();
    expect(reviewAnswers.pending()).toBe(3);
    network.online = true;
    await reviewAnswers.flush();
    expect(network.sent.map((s) => s.url)).toEqual(Array(3).fill('/api/review/answers'));
    expect(network.sent.map((s) => s.body)).toEqual(answers);
    expect(reviewAnswers.pending()).toBe(0);
  });

  it('a question answered offline is sent once, in its place among the cards, and its feedback reaches the screen', async () => {
    const heard: unknown[] = [];
    const stop = onReviewAnswered((sent, outcome) => heard.push([sent.clientId, 'response' in outcome]));
    const card = { kind: 'flashcard' as const, key: 'a', grade: 'again' as const, clientId: '00000000-0000-4000-8000-000000000001' };
    const q = {
      kind: 'question' as const,
      key: 'q',
      answer: { choice: 'b' },
      order: 'token-0123456789',
      clientId: '00000000-0000-4000-8000-000000000002',
    };
    const after = { ...card, grade: 'good' as const, clientId: '00000000-0000-4000-8000-000000000003' };
    for (const a of [card, q, after]) reviewAnswers.add(a);
    await reviewAnswers.flush();
    expect(heard).toEqual([]);
    network.online = true;
    await reviewAnswers.flush();
    await reviewAnswers.flush();
    expect(network.sent.map((s) => s.body)).toEqual([card, q, after]);
    expect(heard).toEqual([
      [card.clientId, true],
      [q.clientId, true],
      [after.clientId, true],
    ]);
    stop();
  });
});
