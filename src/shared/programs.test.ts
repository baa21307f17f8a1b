import { describe, expect, it } from 'vitest';
import { atRiskReasons, classCodeFrom, isClassCode, mostMissed, passRates, type AtRiskInput } from './programs';

const now = new Date('2027-03-01T15:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const base: AtRiskInput = { now, lastActivityAt: daysAgo(1), joinedAt: daysAgo(30), exams: [], examDate: null };
const reasons = (over: Partial<AtRiskInput>) => atRiskReasons({ ...base, ...over }).map((r) => r.reason);

describe('class codes', () => {
  it('makes CLASS- and six characters of the alphabet, and knows one when typed in any case', () => {
    expect(classCodeFrom([0, 0, 0, 0, 0, 0])).toBe('CLASS-AAAAAA');
    expect(classCodeFrom([0.999, 0.999, 0.999, 0.999, 0.999, 0.999])).toBe('CLASS-999999');
    expect(isClassCode(' class-abc234 ')).toBe(true);
    expect(isClassCode('SPRING26')).toBe(false);
    expect(isClassCode('CLASS-ABC')).toBe(false);
  });
});

describe('atRiskReasons', () => {
  it('is empty for a student who studies and is not falling', () => {
    expect(atRiskReasons(base)).toEqual([]);
  });

  it('flags 7 days without activity, not 6', () => {
    expect(reasons({ lastActivityAt: daysAgo(6.9) })).toEqual([]);
    expect(atRiskReasons({ ...base, lastActivityAt: daysAgo(7) })).toEqual([{ reason: 'inactive', text: 'No activity for 7 days' }]);
  });

  it('counts from the join for a student who never studied', () => {
    expect(reasons({ lastActivityAt: null, joinedAt: daysAgo(2) })).toEqual([]);
    expect(atRiskReasons({ ...base, lastActivityAt: null, joinedAt: daysAgo(9) })[0]!.text).toBe('No activity since joining 9 days ago');
  });

  it('flags a worse verdict than the exam before, and three falling scores', () => {
    expect(
      reasons({
        exams: [
          { verdict: 'too_close', score: 960 },
          { verdict: 'not_yet_ready', score: 880 },
        ],
      }),
    ).toEqual(['falling']);
    expect(
      reasons({
        exams: [
          { verdict: 'likely_pass', score: 1100 },
          { verdict: 'likely_pass', score: 1050 },
        ],
      }),
    ).toEqual([]);
    expect(
      reasons({
        exams: [
          { verdict: 'likely_pass', score: 1150 },
          { verdict: 'likely_pass', score: 1100 },
          { verdict: 'likely_pass', score: 1060 },
        ],
      }),
    ).toEqual(['falling']);
    // a rise in the middle is not a trend
    expect(
      reasons({
        exams: [
          { verdict: 'likely_pass', score: 1100 },
          { verdict: 'likely_pass', score: 1150 },
          { verdict: 'likely_pass', score: 1060 },
        ],
      }),
    ).toEqual([]);
  });

  it('flags "Not yet ready" within 3 weeks of the exam date, not 4 weeks out nor after it', () => {
    const notReady = [{ verdict: 'not_yet_ready' as const, score: 850 }];
    expect(atRiskReasons({ ...base, exams: notReady, examDate: '2027-03-15' })).toEqual([
      { reason: 'not_ready_near_exam', text: '"Not yet ready" with the exam in 14 days' },
    ]);
    expect(reasons({ exams: notReady, examDate: '2027-03-22' })).toEqual(['not_ready_near_exam']);
    expect(reasons({ exams: notReady, examDate: '2027-03-24' })).toEqual([]);
    expect(reasons({ exams: notReady, examDate: '2027-02-20' })).toEqual([]);
    expect(reasons({ exams: notReady, examDate: null })).toEqual([]);
    expect(reasons({ exams: [{ verdict: 'too_close', score: 950 }], examDate: '2027-03-15' })).toEqual([]);
  });

  it('gives every reason that holds', () => {
    expect(
      reasons({
        lastActivityAt: daysAgo(10),
        exams: [
          { verdict: 'too_close', score: 940 },
          { verdict: 'not_yet_ready', score: 870 },
        ],
        examDate: '2027-03-08',
      }),
    ).toEqual(['inactive', 'falling', 'not_ready_near_exam']);
  });
});

describe('passRates (first attempt, cumulative by the third attempt)', () => {
  it('counts a fixture class the way a program reports it', () => {
    // 10 students: 6 pass on the first attempt; 2 fail then pass (one on attempt 2, one on attempt 3); 1 fails three times
    // then passes on the 4th; 1 has only a second attempt recorded (passed)
    const pass = (attempt: number) => ({ attempt, passed: true });
    const fail = (attempt: number) => ({ attempt, passed: false });
    const students = [
      ...Array.from({ length: 6 }, () => [pass(1)]),
      [fail(1), pass(2)],
      [fail(1), fail(2), pass(3)],
      [fail(1), fail(2), fail(3), pass(4)],
      [pass(2)],
    ];
    // first attempt: 6 of the 9 with a first attempt recorded (67 %)
    // by the third attempt: those 6, the attempt-2 and attempt-3 passers, and the one with only attempt 2 (passed): 9 of the
    // 10 with any attempt; the student who passed on the 4th does not count
    expect(passRates(students)).toEqual({
      firstAttempt: { passed: 6, of: 9, percent: 67 },
      byThirdAttempt: { passed: 9, of: 10, percent: 90 },
    });
  });

  it('has no percent before any result, and ignores students with none', () => {
    expect(passRates([[], []])).toEqual({
      firstAttempt: { passed: 0, of: 0, percent: null },
      byThirdAttempt: { passed: 0, of: 0, percent: null },
    });
    expect(passRates([[], [{ attempt: 1, passed: false }]]).firstAttempt).toEqual({ passed: 0, of: 1, percent: 0 });
  });
});

describe('mostMissed (first attempts in practice)', () => {
  const item = (key: string, topic: string, answered: number, missed: number) => ({ key, topic, domain: 'D', stem: key, answered, missed });
  it('sums topics and ranks items by the share missed, with at least 3 first attempts', () => {
    const got = mostMissed([
      item('a', 'Cardiology', 4, 3),
      item('b', 'Cardiology', 2, 2),
      item('c', 'Trauma', 10, 2),
      item('d', 'Trauma', 3, 3),
      item('e', 'Medical', 5, 0),
    ]);
    // Cardiology 5 of 6 missed (83 %), Trauma 5 of 13 (38 %), Medical 0 of 5
    expect(got.topics).toEqual([
      { topic: 'Cardiology', answered: 6, missed: 5 },
      { topic: 'Trauma', answered: 13, missed: 5 },
      { topic: 'Medical', answered: 5, missed: 0 },
    ]);
    // b has too few attempts; e was never missed; d (100 %) before a (75 %) before c (20 %)
    expect(got.items.map((i) => i.key)).toEqual(['d', 'a', 'c']);
  });
});
