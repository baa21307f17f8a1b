import { createEmptyCard, fsrs, get_fuzz_range, Rating } from 'ts-fsrs';
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
  it('a question answered right is Good, wrong is Again (a missed question is a lapse as a wrong card is)', () => {
    expect(gradeOfQuestion(true)).toBe(gradeOfAnswer('correct'));
    expect(gradeOfQuestion(false)).toBe(gradeOfAnswer('wrong'));
  });
});

describe('FSRS-6 schedule (expected values from the independent script)', () => {
  const graduated = (): SrsCard => {
    const a = schedule(newSrsCard(t0), 'good', t0, { retention: 0.9, fuzz: false }).card;
    return schedule(a, 'good', minutes(t0, 10), { retention: 0.9, fuzz: false }).card;
  };

  it('a new card answered Correct takes the first learning step: due in 10 minutes, S = 2.3065, D = 2.1181', () => {
    const { card, elapsedDays } = schedule(newSrsCard(t0), 'good', t0, { retention: 0.9, fuzz: false });
    expect(card.state).toBe(1);
    expect(card.due).toEqual(minutes(t0, 10));
    expect(card.stability).toBeCloseTo(2.3065, 4);
    expect(card.difficulty).toBeCloseTo(2.118104, 4);
    expect(card.reps).toBe(1);
    expect(elapsedDays).toBe(0);
  });

  it('a new card answered Wrong comes back in 1 minute: S = 0.212, D = 6.4133', () => {
    const { card } = schedule(newSrsCard(t0), 'again', t0, { retention: 0.9, fuzz: false });
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
    const { card, elapsedDays } = schedule(g, 'good', g.due, { retention: 0.9, fuzz: false });
    expect(elapsedDays).toBe(2);
    expect(card.stability).toBeCloseTo(10.971048, 3);
    expect(card.difficulty).toBeCloseTo(2.104331, 4);
    expect(card.scheduledDays).toBe(11);
  });

  it('the desired retention is applied: the same recall waits 36 days at 0.80, 4 days at 0.95', () => {
    const g = graduated();
    expect(schedule(g, 'good', g.due, { retention: 0.8, fuzz: false }).card.scheduledDays).toBe(36);
    expect(schedule(g, 'good', g.due, { retention: 0.95, fuzz: false }).card.scheduledDays).toBe(4);
    expect(reviewInterval(10.971048, 0.8)).toBe(36);
    expect(reviewInterval(2.3065, 0.8)).toBe(8);
    expect(reviewInterval(2.3065, 0.95)).toBe(1);
    expect(intervalModifier(0.9)).toBeCloseTo(1, 6);
  });

  it('forgotten on its due day: a lapse, relearning in 10 minutes, S = 0.6077, D = 7.3922', () => {
    const g = graduated();
    const { card } = schedule(g, 'again', g.due, { retention: 0.9, fuzz: false });
    expect(card.state).toBe(3);
    expect(card.lapses).toBe(1);
    expect(card.due).toEqual(minutes(g.due, 10));
    expect(card.stability).toBeCloseTo(0.607702, 4);
    expect(card.difficulty).toBeCloseTo(7.392238, 4);
  });

  it('retention outside 0.80–0.95 is held to the bounds', () => {
    const g = graduated();
    expect(schedule(g, 'good', g.due, { retention: 0.5, fuzz: false }).card.scheduledDays).toBe(36);
    expect(schedule(g, 'good', g.due, { retention: 0.99, fuzz: false }).card.scheduledDays).toBe(4);
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

describe('days counted on the student’s study day (decision 090)', () => {
  // The worked example: a new card answered Good at 6:55 pm in New York (23:55Z) and Good again at its 10-minute step,
  // 7:05 pm (00:05Z the next UTC day). FSRS's same-day (short-term) stability applies: S = 2.3065 (tests/fixtures/srs/fsrs6.py,
  // "B good same day"), a 2-day interval. Counted in UTC calendar days, as ts-fsrs does on raw instants, the second review
  // is a day later and the long-term formula gives S ≈ 7.3 and a 7-day interval.
  const first = new Date('2026-12-02T23:55:00Z');
  const second = new Date('2026-12-03T00:05:00Z');
  const twoReviews = (timeZone: string) => {
    const a = schedule(newSrsCard(first), 'good', first, { retention: 0.9, timeZone, fuzz: false });
    expect(a.card.due).toEqual(second);
    return schedule(a.card, 'good', second, { retention: 0.9, timeZone, fuzz: false });
  };

  it('two reviews ten minutes apart across UTC midnight, at 7 pm in New York: S = 2.31, a 2-day interval, 0 days elapsed', () => {
    const { card, elapsedDays } = twoReviews('America/New_York');
    expect(elapsedDays).toBe(0);
    expect(card.stability).toBeCloseTo(2.3065, 4);
    expect(card.scheduledDays).toBe(2);
    // due at the same local time two days later: 7:05 pm on 4 December in New York
    expect(card.due.toISOString()).toBe('2026-12-05T00:05:00.000Z');
    expect(card.lastReview).toEqual(second);
  });

  it('the same at 4 pm in California', () => {
    const { card, elapsedDays } = twoReviews('America/Los_Angeles');
    expect(elapsedDays).toBe(0);
    expect(card.scheduledDays).toBe(2);
  });

  it('before: UTC calendar days (ts-fsrs on the raw instants) made it a day apart, S ≈ 7.3 and 7 days', () => {
    const f = fsrs({ request_retention: 0.9, enable_fuzz: false, enable_short_term: true });
    const a = f.next(createEmptyCard(first), first, Rating.Good).card;
    const b = f.next(a, second, Rating.Good).card;
    expect(b.stability).toBeCloseTo(7.3, 1);
    expect(b.scheduled_days).toBe(7);
  });

  it('a review at 3:59 am local counts a day fewer than one at 4:00 am', () => {
    const g = twoReviews('America/New_York').card;
    // 3:59 am and 4:00 am on 5 December in New York (UTC−5)
    const before = schedule(g, 'good', new Date('2026-12-05T08:59:00Z'), { retention: 0.9, timeZone: 'America/New_York', fuzz: false });
    const after = schedule(g, 'good', new Date('2026-12-05T09:00:00Z'), { retention: 0.9, timeZone: 'America/New_York', fuzz: false });
    // last reviewed at 7:05 pm on 2 December: 3:59 am on 5 December is still the 4th's study day
    expect(before.elapsedDays).toBe(2);
    expect(after.elapsedDays).toBe(3);
    expect(after.card.stability).toBeGreaterThan(before.card.stability);
  });

  it('a due date a day or more away keeps its local time across a daylight-saving change', () => {
    // Good at 7 pm EST on 6 March graduates to 2 days: due 7 pm EDT on 8 March (23:00Z, no longer 00:00Z)
    const at = new Date('2026-03-07T00:00:00Z');
    const a = schedule(newSrsCard(at), 'good', at, { retention: 0.9, timeZone: 'America/New_York', fuzz: false });
    const b = schedule(a.card, 'good', a.card.due, { retention: 0.9, timeZone: 'America/New_York', fuzz: false });
    expect(b.card.scheduledDays).toBe(2);
    expect(b.card.due.toISOString()).toBe('2026-03-08T23:10:00.000Z');
  });
});

describe('fuzz (decision 092)', () => {
  const at = new Date('2026-03-02T18:00:00Z');
  const graduatedFor = (key: string) => {
    const a = schedule(newSrsCard(at), 'good', at, { retention: 0.9, key });
    return schedule(a.card, 'good', minutes(at, 10), { retention: 0.9, key }).card;
  };
  it('seeded from the card and its state, not the clock: the same answer gives the same interval, at any moment of the day', () => {
    const g = graduatedFor('card-a');
    const one = schedule(g, 'good', g.due, { retention: 0.9, key: 'card-a' }).card;
    const later = schedule(g, 'good', minutes(g.due, 90), { retention: 0.9, key: 'card-a' }).card;
    expect(later.scheduledDays).toBe(one.scheduledDays);
    expect(schedule(g, 'good', g.due, { retention: 0.9, key: 'card-a' }).card).toEqual(one);
  });
  it("spreads cards learned together within ts-fsrs's fuzz range of FSRS's 11 days", () => {
    const days = Array.from({ length: 20 }, (_, i) => {
      const g = graduatedFor(`card-${i}`);
      return schedule(g, 'good', g.due, { retention: 0.9, key: `card-${i}` }).card.scheduledDays;
    });
    const { min_ivl, max_ivl } = get_fuzz_range(11, 2, 36500);
    expect(days.every((d) => d >= min_ivl && d <= max_ivl)).toBe(true);
    expect(new Set(days).size).toBeGreaterThan(2);
  });
  it('no fuzz under 2.5 days: the learning steps and a 2-day graduation are exact', () => {
    expect(graduatedFor('x').scheduledDays).toBe(2);
  });
});
