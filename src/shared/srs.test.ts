import { describe, expect, it } from 'vitest';
import {
  gradeOfAnswer,
  gradeOfQuestion,
  intervalModifier,
  isPass,
  newCardsLeft,
  newSrsCard,
  reviewInterval,
  schedule,
  showableNow,
  type SrsCard,
} from './srs';

// Expected numbers come from tests/fixtures/srs/fsrs6.py: FSRS-6 written out from the published formulas, independently of
// ts-fsrs (python3 tests/fixtures/srs/fsrs6.py prints them). Its output:
//   A good on new: S=2.306500 D=2.118104
//   E again on new: S=0.212000 D=6.413300
//   B good same day: S=2.306500 D=2.111214 interval(0.90)=2
//   C good at t=2: R=0.909493 S=10.971048 D=2.104331 interval(0.90)=11 interval(0.80)=36 interval(0.95)=4
//   D again at t=2: S=0.607702 D=7.392238
//   F graduation interval(0.80)=8 interval(0.95)=1

const t0 = new Date('2026-03-02T08:00:00Z');
const minutes = (d: Date, m: number) => new Date(d.getTime() + m * 60_000);
const days = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

describe('grade mapping', () => {
  it('Correct is Good, Wrong is Again; every grade but Again is a pass', () => {
    expect(gradeOfAnswer('correct')).toBe('good');
    expect(gradeOfAnswer('wrong')).toBe('again');
    expect(isPass('again')).toBe(false);
    expect(['hard', 'good', 'easy'].every((g) => isPass(g as 'hard'))).toBe(true);
  });
  it('a question answered right is Good, wrong is Again: the same mapping, so a missed question is a lapse as a wrong card is', () => {
    expect(gradeOfQuestion(true)).toBe(gradeOfAnswer('correct'));
    expect(gradeOfQuestion(false)).toBe(gradeOfAnswer('wrong'));
    expect(gradeOfQuestion(true)).toBe('good');
    expect(gradeOfQuestion(false)).toBe('again');
    // scheduled alike: a question missed at t0 is due after the 1-minute step, one answered right after the 10-minute step
    expect(schedule(newSrsCard(t0), gradeOfQuestion(false), t0, 0.9).card.due).toEqual(minutes(t0, 1));
    expect(schedule(newSrsCard(t0), gradeOfQuestion(true), t0, 0.9).card.due).toEqual(minutes(t0, 10));
  });
});

describe('FSRS-6 schedule (expected values from the independent script)', () => {
  const graduated = (): SrsCard => {
    const a = schedule(newSrsCard(t0), 'good', t0, 0.9).card;
    return schedule(a, 'good', minutes(t0, 10), 0.9).card;
  };

  it('a new card answered Correct takes the first learning step: due in 10 minutes, S = 2.3065, D = 2.1181', () => {
    const { card, elapsedDays } = schedule(newSrsCard(t0), 'good', t0, 0.9);
    expect(card.state).toBe(1);
    expect(card.due).toEqual(minutes(t0, 10));
    expect(card.stability).toBeCloseTo(2.3065, 4);
    expect(card.difficulty).toBeCloseTo(2.118104, 4);
    expect(card.reps).toBe(1);
    expect(elapsedDays).toBe(0);
  });

  it('a new card answered Wrong comes back in 1 minute: S = 0.212, D = 6.4133', () => {
    const { card } = schedule(newSrsCard(t0), 'again', t0, 0.9);
    expect(card.state).toBe(1);
    expect(card.due).toEqual(minutes(t0, 1));
    expect(card.stability).toBeCloseTo(0.212, 4);
    expect(card.difficulty).toBeCloseTo(6.4133, 4);
  });

  it('Correct again the same day graduates it to review in 2 days (short-term stability)', () => {
    const card = graduated();
    expect(card.state).toBe(2);
    expect(card.stability).toBeCloseTo(2.3065, 4);
    expect(card.difficulty).toBeCloseTo(2.111214, 4);
    expect(card.scheduledDays).toBe(2);
    expect(card.due).toEqual(days(minutes(t0, 10), 2));
  });

  it('recalled on its due day: S = 10.971, next review in 11 days at 0.90', () => {
    const g = graduated();
    const { card, elapsedDays } = schedule(g, 'good', g.due, 0.9);
    expect(elapsedDays).toBe(2);
    expect(card.stability).toBeCloseTo(10.971048, 3);
    expect(card.difficulty).toBeCloseTo(2.104331, 4);
    expect(card.scheduledDays).toBe(11);
  });

  it('the desired retention is applied: the same recall waits 36 days at 0.80, 4 days at 0.95', () => {
    const g = graduated();
    expect(schedule(g, 'good', g.due, 0.8).card.scheduledDays).toBe(36);
    expect(schedule(g, 'good', g.due, 0.95).card.scheduledDays).toBe(4);
    expect(reviewInterval(10.971048, 0.8)).toBe(36);
    expect(reviewInterval(2.3065, 0.8)).toBe(8);
    expect(reviewInterval(2.3065, 0.95)).toBe(1);
    expect(intervalModifier(0.9)).toBeCloseTo(1, 6);
  });

  it('forgotten on its due day: a lapse, relearning in 10 minutes, S = 0.6077, D = 7.3922', () => {
    const g = graduated();
    const { card } = schedule(g, 'again', g.due, 0.9);
    expect(card.state).toBe(3);
    expect(card.lapses).toBe(1);
    expect(card.due).toEqual(minutes(g.due, 10));
    expect(card.stability).toBeCloseTo(0.607702, 4);
    expect(card.difficulty).toBeCloseTo(7.392238, 4);
  });

  it('retention outside 0.80–0.95 is held to the bounds', () => {
    const g = graduated();
    expect(schedule(g, 'good', g.due, 0.5).card.scheduledDays).toBe(36);
    expect(schedule(g, 'good', g.due, 0.99).card.scheduledDays).toBe(4);
  });
});

describe('new-card limit and what shows now', () => {
  it('the daily limit less the cards introduced today, never below zero', () => {
    expect(newCardsLeft(20, 0)).toBe(20);
    expect(newCardsLeft(20, 17)).toBe(3);
    expect(newCardsLeft(20, 25)).toBe(0);
    expect(newCardsLeft(0, 0)).toBe(0);
  });
  it('a learning card shows within 20 minutes of its step; a review card all day', () => {
    const now = t0;
    expect(showableNow({ state: 1, due: minutes(now, 20) }, now)).toBe(true);
    expect(showableNow({ state: 3, due: minutes(now, 21).toISOString() }, now)).toBe(false);
    expect(showableNow({ state: 2, due: minutes(now, 600) }, now)).toBe(true);
    expect(showableNow({ state: 0, due: now }, now)).toBe(true);
  });
});
