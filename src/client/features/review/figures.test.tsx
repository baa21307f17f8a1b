import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewQueueResponse, ReviewStatsResponse } from '@shared/contracts/review';
import { reviewFigures } from './figures';
import { ReviewFiguresView } from './figures-view';
import { answered, current, sessionOf } from './session';

afterEach(cleanup);

// One fixture, the day as the server gives it: the queue (64 cards due, 20 new, 35 reviews already given today in the
// decks and practice) and the figures the server counts for it (tests/api/review.test.ts holds the server to the same rule).
const t0 = new Date('2026-03-02T08:00:00Z');
const card = (state: number) => ({
  state,
  due: new Date(t0.getTime() - 3_600_000).toISOString(),
  stability: state ? 3 : 0,
  difficulty: state ? 5 : 0,
  scheduledDays: state ? 3 : 0,
  learningSteps: 0,
  reps: state ? 2 : 0,
  lapses: 0,
  lastReview: state ? '2026-02-27T08:00:00.000Z' : null,
});
const item = (key: string, state: number): ReviewItem => ({
  kind: 'flashcard',
  key,
  card: card(state),
  flashcard: { id: 1, category: 'Trauma', courseLevel: 'EMT', front: 'Q', back: 'A' },
});
const queue: ReviewQueueResponse = {
  generatedAt: t0.toISOString(),
  endOfDay: '2026-03-03T04:00:00.000Z',
  due: Array.from({ length: 64 }, (_, i) => item(`due-${i}`, 2)),
  new: Array.from({ length: 20 }, (_, i) => item(`new-${i}`, 0)),
  nextDue: '2026-03-04T09:00:00.000Z',
  doneToday: 35,
  desiredRetention: 0.9,
  showHardEasy: false,
  weights: null,
  timeZone: 'UTC',
};
const stats: ReviewStatsResponse = {
  dueToday: queue.due.length,
  newToday: queue.new.length,
  dueNextWeek: 12,
  reviewsToday: queue.doneToday,
  trueRetention: 87 / 100,
  retentionReviews: 100,
  desiredRetention: queue.desiredRetention,
  nextDue: queue.nextDue,
};

const shown = () =>
  Object.fromEntries(
    within(screen.getByRole('region', { name: 'Your review figures' }))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, [...dt.parentElement!.querySelectorAll('dd')].map((d) => d.textContent).join(' | ')]),
  );

describe('the figures of /review', () => {
  it('are one set: the server’s figures and the session fetched with them give the same numbers', () => {
    expect(reviewFigures(sessionOf(queue), stats)).toEqual(reviewFigures(null, stats));
  });

  it('show plain labels that agree with each other', () => {
    render(<ReviewFiguresView figures={reviewFigures(sessionOf(queue), stats)!} />);
    expect(shown()).toEqual({
      'Left today': '84 | 64 due · 20 new',
      'Done today': '35 | here, in decks and practice',
      'Next 7 days': '12 | due after today',
    });
    expect(screen.getByTestId('retention').textContent).toBe('Retention over the last 30 days: 87 % (goal 90 %)');
    expect(screen.getByText('Share of 100 reviews of learned cards you remembered.')).toBeTruthy();
  });

  it('move together as the student answers: one less left, one more done', () => {
    const s = sessionOf(queue);
    const next = answered(s, current(s, t0)!, 'good', t0);
    expect(reviewFigures(next, stats)).toMatchObject({ left: { due: 63, new: 20 }, done: 36 });
  });

  it('say retention is not measured yet rather than showing a dash', () => {
    render(<ReviewFiguresView figures={reviewFigures(null, { ...stats, trueRetention: null, retentionReviews: 0 })!} />);
    expect(screen.getByTestId('retention').textContent).toBe('Retention over the last 30 days: not measured yet (goal 90 %)');
  });
});
