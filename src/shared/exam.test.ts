import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_MIN_RESPONSES,
  EXAM_LIMITS,
  EXPOSURE_LIMIT,
  scorableFor,
  PASSING_THETA,
  domainFurthestBehind,
  domainResults,
  domainStanding,
  domainTargets,
  estimateAbility,
  examLimits,
  examPassed,
  guessingFloor,
  itemDifficulty,
  itemInformation,
  maximumLikelihoodAbility,
  mostInformative,
  nextExamItem,
  normalCdf,
  pCorrect,
  pilotsOwed,
  planPilotPositions,
  poolShortfall,
  readinessScore,
  scoredResponses,
  selectPilotItem,
  selectScoredItem,
  stopReason,
  type AdministeredItem,
  type CandidateItem,
  type ScoredResponse,
} from './exam';
import { seededRandom } from './seeded-random';
import { domainNames } from './questions';
import guessingFixtures from '../../scripts/reference/exam-guessing-fixtures.json';

// Reference values: scripts/exam-reference.py (numpy 2.4 / scipy 1.17): EAP by scipy.integrate.quad over the
// whole line with the N(0, 1.5²) prior, MLE by scipy.optimize.brentq on the score function, Rasch
// information p(1 − p), scipy.stats.norm.cdf. Nothing shared with exam.ts.
const pattern = (xs: [number, boolean][]): ScoredResponse[] => xs.map(([b, correct]) => ({ b, correct }));
const FIVE_MIXED = pattern([
  [-1, true],
  [-0.5, true],
  [0, false],
  [0.5, true],
  [1, false],
]);
const ALL_RIGHT = pattern([
  [-2, true],
  [-1, true],
  [0, true],
]);
// the "twenty" pattern of the script: b_i = (i % 5) − 2 + 0.1 i − 1, right unless i % 3 == 0
const TWENTY: ScoredResponse[] = Array.from({ length: 20 }, (_, i) => ({ b: (i % 5) - 2 + 0.1 * i - 1, correct: i % 3 !== 0 }));

describe('ability estimation against independent values', () => {
  it('EAP matches quadrature to 1e-4', () => {
    const five = estimateAbility(FIVE_MIXED);
    expect(five.theta).toBeCloseTo(0.348809, 4);
    expect(five.se).toBeCloseTo(0.839092, 4);
    const right = estimateAbility(ALL_RIGHT);
    expect(right.theta).toBeCloseTo(1.136705, 4);
    expect(right.se).toBeCloseTo(1.147071, 4);
    const twenty = estimateAbility(TWENTY);
    expect(twenty.theta).toBeCloseTo(0.812877, 4);
    expect(twenty.se).toBeCloseTo(0.542044, 4);
  });

  it('without responses the estimate is the prior (the grid truncates it at ±8)', () => {
    const e = estimateAbility([]);
    expect(e.theta).toBeCloseTo(0, 10);
    expect(e.se).toBeCloseTo(1.5, 2);
  });

  it('MLE matches root finding; none exists for all right', () => {
    const five = maximumLikelihoodAbility(FIVE_MIXED)!;
    expect(five.theta).toBeCloseTo(0.454543, 5);
    expect(five.se).toBeCloseTo(0.965002, 5);
    const twenty = maximumLikelihoodAbility(TWENTY)!;
    expect(twenty.theta).toBeCloseTo(0.916982, 5);
    expect(twenty.se).toBeCloseTo(0.578849, 5);
    expect(maximumLikelihoodAbility(ALL_RIGHT)).toBeNull();
  });

  it('item information is p(1 − p)', () => {
    expect(itemInformation(0, 0)).toBeCloseTo(0.25, 8);
    expect(itemInformation(1, 0)).toBeCloseTo(0.19661193, 8);
    expect(itemInformation(-0.5, 1.5)).toBeCloseTo(0.10499359, 8);
  });

  it('the normal CDF matches scipy to 1e-7', () => {
    for (const [z, phi] of [
      [-2, 0.02275013],
      [-0.5, 0.30853754],
      [0, 0.5],
      [0.3, 0.61791142],
      [1.96, 0.9750021],
    ] as const)
      expect(Math.abs(normalCdf(z) - phi)).toBeLessThan(2e-7);
  });
});

describe('item difficulty', () => {
  it('comes from the rating until the item has enough responses', () => {
    expect(itemDifficulty(3)).toBe(0);
    expect(itemDifficulty(1)).toBeLessThan(itemDifficulty(2));
    expect(itemDifficulty(5)).toBeGreaterThan(itemDifficulty(4));
    expect(itemDifficulty(3, { b: 1.23, n: CALIBRATION_MIN_RESPONSES - 1 })).toBe(0);
    expect(itemDifficulty(3, { b: 1.23, n: CALIBRATION_MIN_RESPONSES })).toBe(1.23);
    expect(itemDifficulty(3, { b: null, n: 500 })).toBe(0);
  });
});

describe('readiness', () => {
  it('maps the standard to 950 and clamps to 100..1500', () => {
    expect(readinessScore(PASSING_THETA)).toBe(950);
    expect(readinessScore(1)).toBe(1100);
    expect(readinessScore(-1)).toBe(800);
    expect(readinessScore(20)).toBe(1500);
    expect(readinessScore(-20)).toBe(100);
    // monotone
    for (let t = -7; t < 5; t += 0.1) expect(readinessScore(t + 0.1)).toBeGreaterThanOrEqual(readinessScore(t));
  });

  it('a domain is Above / Below beyond one SE of the standard, Near within', () => {
    expect(domainStanding({ theta: 0.6, se: 0.5 })).toBe('Above');
    expect(domainStanding({ theta: 0.4, se: 0.5 })).toBe('Near');
    expect(domainStanding({ theta: -0.4, se: 0.5 })).toBe('Near');
    expect(domainStanding({ theta: -0.6, se: 0.5 })).toBe('Below');
  });
});

describe('the stopping rule', () => {
  const sure = { theta: 1, se: 0.3 }; // 95 % interval 0.41..1.59, above the standard
  const unsure = { theta: 0.3, se: 0.3 }; // interval −0.29..0.89 contains it
  it('never stops on confidence before the minimum', () => {
    expect(stopReason({ level: 'EMT', scored: 59, estimate: sure })).toBeNull();
    expect(stopReason({ level: 'EMT', scored: 60, estimate: sure })).toBe('confident');
    expect(stopReason({ level: 'EMT', scored: 60, estimate: { theta: -1, se: 0.3 } })).toBe('confident');
    expect(stopReason({ level: 'Paramedic', scored: 89, estimate: sure })).toBeNull();
    expect(stopReason({ level: 'Paramedic', scored: 90, estimate: sure })).toBe('confident');
  });
  it('goes on while the interval contains the standard, and stops at the maximum', () => {
    expect(stopReason({ level: 'EMT', scored: 100, estimate: unsure })).toBeNull();
    expect(stopReason({ level: 'EMT', scored: 109, estimate: unsure })).toBeNull();
    expect(stopReason({ level: 'EMT', scored: 110, estimate: unsure })).toBe('maximum');
    expect(stopReason({ level: 'Paramedic', scored: 129, estimate: unsure })).toBeNull();
    expect(stopReason({ level: 'Paramedic', scored: 130, estimate: unsure })).toBe('maximum');
  });
  it('the interval is θ ± 1.96 SE', () => {
    expect(stopReason({ level: 'EMT', scored: 80, estimate: { theta: 0.59, se: 0.3 } })).toBe('confident'); // lo 0.002
    expect(stopReason({ level: 'EMT', scored: 80, estimate: { theta: 0.58, se: 0.3 } })).toBeNull(); // lo −0.008
  });
  it('time ends the exam at once; an exhausted bank ends it when nothing else does', () => {
    expect(stopReason({ level: 'EMT', scored: 5, estimate: unsure, timeUp: true })).toBe('time');
    expect(stopReason({ level: 'EMT', scored: 5, estimate: unsure, bankExhausted: true })).toBe('bank');
    expect(stopReason({ level: 'EMT', scored: 60, estimate: sure, bankExhausted: true })).toBe('confident');
  });
  it('a timed-out exam short of the minimum fails; otherwise the side of the estimate decides', () => {
    expect(examPassed({ level: 'EMT', scored: 59, estimate: sure, reason: 'time' })).toBe(false);
    expect(examPassed({ level: 'EMT', scored: 60, estimate: sure, reason: 'time' })).toBe(true);
    expect(examPassed({ level: 'EMT', scored: 110, estimate: { theta: -0.1, se: 0.2 }, reason: 'maximum' })).toBe(false);
  });
  it('the limits are the NREMT numbers, pilot items included in the totals, with sources', () => {
    expect(EXAM_LIMITS.EMT).toMatchObject({ minScored: 60, maxScored: 110, pilot: 10, timeLimitMinutes: 120 });
    expect(EXAM_LIMITS.Paramedic).toMatchObject({ minScored: 90, maxScored: 130, pilot: 20, timeLimitMinutes: 210 });
    // the handbooks' totals: EMT 70–120 items in all, Paramedic 110–150
    const totals = (l: 'EMT' | 'Paramedic') => [
      EXAM_LIMITS[l].minScored + EXAM_LIMITS[l].pilot,
      EXAM_LIMITS[l].maxScored + EXAM_LIMITS[l].pilot,
    ];
    expect(totals('EMT')).toEqual([70, 120]);
    expect(totals('Paramedic')).toEqual([110, 150]);
    expect(EXAM_LIMITS.Paramedic.timeSource).toMatch(/3\.5 hours/);
  });
});

const item = (key: string, domain: string, b: number, responses = 0, exposure = 0): CandidateItem => ({
  key,
  domain,
  b,
  responses,
  exposure,
});

describe('quota selection', () => {
  const [ssu, pa, sa, ptt, ops] = domainNames('EMT') as [string, string, string, string, string];
  it('the targets are the middles of the ranges, summing to 1', () => {
    const t = domainTargets('EMT');
    expect([...t.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(t.get(pa)).toBeCloseTo(41 / 99, 10);
  });
  it('starts with the largest domain and then serves the one furthest behind', () => {
    const all = new Set([ssu, pa, sa, ptt, ops]);
    expect(domainFurthestBehind('EMT', new Map(), all)).toBe(pa);
    // after 1 PA item: ptt's 22/99·2 = 0.444 is the largest deficit
    expect(domainFurthestBehind('EMT', new Map([[pa, 1]]), all)).toBe(ptt);
    // a domain with no eligible item is skipped
    expect(domainFurthestBehind('EMT', new Map([[pa, 1]]), new Set([ssu, sa]))).toBe(ssu);
  });
  it('keeps every domain within its range over a long run', () => {
    const counts = new Map<string, number>();
    const all = new Set(domainNames('EMT'));
    for (let n = 1; n <= 110; n++) {
      const d = domainFurthestBehind('EMT', counts, all)!;
      counts.set(d, (counts.get(d) ?? 0) + 1);
      if (n >= 60)
        for (const dom of domainTargets('EMT').keys())
          expect(Math.abs((counts.get(dom) ?? 0) - domainTargets('EMT').get(dom)! * n)).toBeLessThan(1);
    }
  });
  it('picks within that domain among the most informative items at θ', () => {
    const eligible = [item('a', pa, 2), item('b', pa, 0.1), item('c', pa, -0.05), item('d', ssu, 0), item('e', pa, -3)];
    const picked = selectScoredItem({ level: 'EMT', theta: 0, counts: new Map(), eligible, random: () => 0, topK: 1 });
    expect(picked?.key).toBe('c');
    expect(mostInformative(eligible, 0, 3).map((i) => i.key)).toEqual(['d', 'c', 'b']);
    expect(selectScoredItem({ level: 'EMT', theta: 0, counts: new Map(), eligible: [], random: () => 0 })).toBeNull();
  });
});

describe('exposure control', () => {
  const pa = domainNames('EMT')[1]!;
  it('draws at random among the best few (randomesque)', () => {
    const eligible = Array.from({ length: 40 }, (_, i) => item(`i${i}`, pa, i * 0.1));
    const random = seededRandom(7);
    const seen = new Map<string, number>();
    for (let r = 0; r < 2000; r++) {
      const k = selectScoredItem({ level: 'EMT', theta: 0, counts: new Map(), eligible, random, topK: 5 })!.key;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(['i0', 'i1', 'i2', 'i3', 'i4']);
    for (const c of seen.values()) expect(c / 2000).toBeLessThan(0.25);
  });
  it('sets aside items over the exposure limit while the domain has others', () => {
    const eligible = [item('hot', pa, 0, 0, EXPOSURE_LIMIT), item('cool', pa, 1.5, 0, EXPOSURE_LIMIT - 0.01)];
    expect(selectScoredItem({ level: 'EMT', theta: 0, counts: new Map(), eligible, random: () => 0, topK: 1 })?.key).toBe('cool');
    // all over the limit: the least exposed
    const hot = [item('x', pa, 0, 0, 0.5), item('y', pa, 2, 0, 0.3)];
    expect(selectScoredItem({ level: 'EMT', theta: 0, counts: new Map(), eligible: hot, random: () => 0, topK: 1 })?.key).toBe('y');
  });
});

describe('pilot items', () => {
  const pa = domainNames('EMT')[1]!;
  it('are placed within the first minimum + pilot positions, distinct', () => {
    for (const level of ['EMT', 'Paramedic'] as const) {
      const { minScored, pilot } = EXAM_LIMITS[level];
      const pos = planPilotPositions(level, seededRandom(3));
      expect(pos).toHaveLength(pilot);
      expect(new Set(pos).size).toBe(pilot);
      expect(Math.max(...pos)).toBeLessThanOrEqual(minScored + pilot);
      expect(Math.min(...pos)).toBeGreaterThanOrEqual(1);
    }
  });
  it('are the least answered items', () => {
    const eligible = [item('a', pa, 0, 300), item('b', pa, 0, 2), item('c', pa, 3, 2), item('d', pa, 0, 10)];
    const keys = new Set(Array.from({ length: 50 }, (_, i) => selectPilotItem(eligible, seededRandom(i))!.key));
    expect(keys).toEqual(new Set(['b', 'c']));
  });
  it('are never scored: they change neither the estimate nor the domain counts', () => {
    const given: AdministeredItem[] = [
      { key: 'a', domain: pa, b: 0, pilot: false, correct: true },
      { key: 'p', domain: pa, b: -2, pilot: true, correct: false },
      { key: 'c', domain: pa, b: 1, pilot: false, correct: false },
    ];
    expect(scoredResponses(given)).toEqual([
      { b: 0, correct: true },
      { b: 1, correct: false },
    ]);
    const domain = domainResults('EMT', given).find((d) => d.domain === pa)!;
    expect(domain.scored).toBe(2);
    expect(domain.correct).toBe(1);
  });
  it('come at the planned positions, and items are never repeated or taken from the excluded set', () => {
    const bank = Array.from({ length: 30 }, (_, i) => item(`k${i}`, domainNames('EMT')[i % 5]!, (i % 7) - 3, i));
    const administered: AdministeredItem[] = [];
    const random = seededRandom(11);
    const excluded = new Set(['k0', 'k1', 'k2']);
    for (let n = 1; n <= 27; n++) {
      const next = nextExamItem({ level: 'EMT', administered, pilotPositions: [2, 5], bank, excluded, random })!;
      expect(next.pilot).toBe(n === 2 || n === 5);
      administered.push({ key: next.item.key, domain: next.item.domain, b: next.item.b, pilot: next.pilot, correct: true });
    }
    const keys = administered.map((a) => a.key);
    expect(new Set(keys).size).toBe(27);
    expect(keys.some((k) => excluded.has(k))).toBe(false);
    expect(nextExamItem({ level: 'EMT', administered, pilotPositions: [], bank, excluded, random })).toBeNull();
  });
  it('give a case set together and in its order, beginning only at its first item', () => {
    const cj = domainNames('Paramedic')[5]!;
    const caseItem = (key: string, order: number): CandidateItem => ({ ...item(key, cj, 0, 0), caseKey: 'c1', caseOrder: order });
    // only the case's items are near θ = 0, so selection reaches the case; order 2 and 3 never start it
    const bank = [
      caseItem('c1-2', 2),
      caseItem('c1-3', 3),
      caseItem('c1-1', 1),
      ...domainNames('Paramedic').map((d, i) => item(`far${i}`, d, 4)),
    ];
    const administered: AdministeredItem[] = Array.from({ length: 40 }, (_, i) => ({
      key: `x${i}`,
      domain: domainNames('Paramedic')[i % 5]!,
      b: 0,
      pilot: false,
      correct: i % 2 === 0,
    }));
    const keys: string[] = [];
    for (let n = 0; n < 3; n++) {
      const next = nextExamItem({ level: 'Paramedic', administered, pilotPositions: [], bank, random: () => 0, topK: 1 })!;
      keys.push(next.item.key);
      administered.push({ key: next.item.key, domain: next.item.domain, b: next.item.b, pilot: false, correct: true });
    }
    expect(keys).toEqual(['c1-1', 'c1-2', 'c1-3']);
    // a case with an item in the student's last exam is not begun again; pilot items are never case items
    const excluded = new Set(['c1-2']);
    const next = nextExamItem({ level: 'Paramedic', administered: [], pilotPositions: [1], bank, excluded, random: () => 0, topK: 1 })!;
    expect(next.item.caseKey ?? null).toBeNull();
    const scored = nextExamItem({ level: 'Paramedic', administered: [], pilotPositions: [], bank, excluded, random: () => 0, topK: 1 })!;
    expect(scored.item.key.startsWith('c1')).toBe(false);
  });
  it('begin a case set only if, should the exam stop right after it, its domain stays within its range', () => {
    const names = domainNames('Paramedic');
    const cj = names[5]!;
    const caseStart = { ...item('set-1', cj, 0), caseKey: 's1', caseOrder: 1 };
    const standalone = item('cj-single', cj, 4); // far less informative at θ = 0 than the set
    const caseLengths = new Map([['s1', 5]]);
    // 105 scored items, 39 of them Clinical Judgment (37 %): a 5-item set would end at 44 of 110 = 40 % (> 38 %)
    const late = new Map(names.map((d, i) => [d, i === 5 ? 39 : i === 0 ? 14 : 13]));
    expect([...late.values()].reduce((a, b) => a + b, 0)).toBe(105);
    const pick = (counts: Map<string, number>) =>
      selectScoredItem({ level: 'Paramedic', theta: 0, counts, eligible: [caseStart, standalone], random: () => 0, topK: 1, caseLengths })!
        .key;
    expect(pick(late)).toBe('cj-single');
    // early in the exam (the set ends before the minimum of 90) the set may begin
    const early = new Map(names.map((d, i) => [d, i === 5 ? 10 : 6]));
    expect(pick(early)).toBe('set-1');
  });
  it('come after a case set when their planned position fell inside it, and the confidence rule waits for them', () => {
    const cj = domainNames('Paramedic')[5]!;
    const caseItem = (key: string, order: number): CandidateItem => ({ ...item(key, cj, 0, 0), caseKey: 'c1', caseOrder: order });
    const bank = [
      caseItem('c1-1', 1),
      caseItem('c1-2', 2),
      caseItem('c1-3', 3),
      ...domainNames('Paramedic').map((d, i) => item(`far${i}`, d, 4)),
      item('pilot-a', domainNames('Paramedic')[0]!, 4),
    ];
    const administered: AdministeredItem[] = Array.from({ length: 40 }, (_, i) => ({
      key: `x${i}`,
      domain: domainNames('Paramedic')[i % 5]!,
      b: 0,
      pilot: false,
      correct: i % 2 === 0,
    }));
    const run = (pilotPositions: number[], given: AdministeredItem[]) => {
      const kinds: string[] = [];
      for (let n = 0; n < 4; n++) {
        const next = nextExamItem({ level: 'Paramedic', administered: given, pilotPositions, bank, random: () => 0, topK: 1 })!;
        kinds.push(next.pilot ? 'pilot' : next.item.key);
        given.push({ key: next.item.key, domain: next.item.domain, b: next.item.b, pilot: next.pilot, correct: true });
      }
      return kinds;
    };
    // the case set would begin at position 41 and cover the pilot planned at 42: the pilot comes first
    const before = [...administered];
    expect(run([42], before)).toEqual(['pilot', 'c1-1', 'c1-2', 'c1-3']);
    expect(pilotsOwed(before, [42])).toBe(0);
    // a pilot position inside a case set under way (planned after the set began) is made up after it
    const during = [...administered, { key: 'c1-1', domain: cj, b: 0, pilot: false, correct: true }];
    const kinds = run([42], during);
    expect(kinds).toEqual(['c1-2', 'c1-3', 'pilot', kinds[3]]);
    expect(pilotsOwed(during.slice(0, 42), [42])).toBe(1);
    expect(pilotsOwed(during, [42])).toBe(0);
    // a sure estimate past the minimum stops the exam only when no pilot item is owed
    const sure = { theta: 3, se: 0.2 };
    const limits = { minScored: 3, maxScored: 5, pilot: 1, timeLimitMinutes: 10, timeSource: 'test' };
    expect(stopReason({ level: 'EMT', scored: 3, estimate: sure, pilotsOwed: 1, limits })).toBeNull();
    expect(stopReason({ level: 'EMT', scored: 3, estimate: sure, pilotsOwed: 0, limits })).toBe('confident');
    expect(stopReason({ level: 'EMT', scored: 5, estimate: sure, pilotsOwed: 1, limits })).toBe('maximum');
  });
});

describe('the pool shortfall before an exam starts', () => {
  const many = (domain: string, n: number) => Array.from({ length: n }, () => ({ domain }));
  it('needs each domain at its blueprint maximum of the longest exam: EMT 110 and Paramedic 130 scored items', () => {
    // EMT: ⌊110 × 19 %⌋ = 20, ⌊110 × 43 %⌋ = 47, ⌊110 × 9 %⌋ = 9, ⌊110 × 24 %⌋ = 26, ⌊110 × 14 %⌋ = 15
    expect(poolShortfall('EMT', []).map((s) => s.needed)).toEqual([20, 47, 9, 26, 15]);
    // Paramedic: ⌊130 × 12, 14, 10, 28, 12, 38 %⌋
    expect(poolShortfall('Paramedic', []).map((s) => s.needed)).toEqual([15, 18, 13, 36, 15, 49]);
    expect(poolShortfall('EMT', []).every((s) => s.available === 0)).toBe(true);
  });
  it('names only the domains short of items, with what they need and have', () => {
    const [ssu, pa, sa, ptt, ops] = domainNames('EMT') as [string, string, string, string, string];
    const enough = [...many(ssu, 20), ...many(pa, 47), ...many(sa, 9), ...many(ptt, 26), ...many(ops, 15)];
    expect(poolShortfall('EMT', enough)).toEqual([]);
    const short = [...many(ssu, 20), ...many(pa, 46), ...many(sa, 3), ...many(ptt, 40), ...many(ops, 15), ...many('Not a domain', 9)];
    expect(poolShortfall('EMT', short)).toEqual([
      { domain: pa, needed: 47, available: 46 },
      { domain: sa, needed: 9, available: 3 },
    ]);
  });
  it('uses the limits given (the short exams of the API tests)', () => {
    const limits = { minScored: 3, maxScored: 5, pilot: 1, timeLimitMinutes: 10, timeSource: 'test' };
    // ⌊5 × 43 %⌋ = 2 Primary Assessment and ⌊5 × 24 %⌋ = 1 Patient Treatment items; the others ⌊…⌋ = 0
    expect(poolShortfall('EMT', [], limits)).toEqual([
      { domain: domainNames('EMT')[1], needed: 2, available: 0 },
      { domain: domainNames('EMT')[3], needed: 1, available: 0 },
    ]);
  });
  for (const level of ['EMT', 'Paramedic'] as const)
    it(`what the quota selection takes of each ${level} domain over a longest exam stays within what it needs`, () => {
      const needed = new Map(poolShortfall(level, []).map((s) => [s.domain, s.needed]));
      const counts = new Map<string, number>();
      const all = new Set(domainNames(level));
      for (let n = 0; n < examLimits(level).maxScored; n++) {
        const d = domainFurthestBehind(level, counts, all)!;
        counts.set(d, (counts.get(d) ?? 0) + 1);
      }
      for (const [d, c] of counts) expect(c, d).toBeLessThanOrEqual(needed.get(d)!);
    });
});

describe('scorableFor: an exam scores no item whose key the student has seen', () => {
  const bank = [
    { key: 'a', caseKey: null },
    { key: 'b', caseKey: null },
    { key: 'c1', caseKey: 'case-c' },
    { key: 'c2', caseKey: 'case-c' },
    { key: 'c3', caseKey: 'case-c' },
    { key: 'd1', caseKey: 'case-d' },
    { key: 'd2', caseKey: 'case-d' },
  ];
  it('leaves out seen items, and a case set whole once any of its items was seen', () => {
    expect(scorableFor(bank, new Set()).map((i) => i.key)).toEqual(['a', 'b', 'c1', 'c2', 'c3', 'd1', 'd2']);
    expect(scorableFor(bank, new Set(['b', 'c2'])).map((i) => i.key)).toEqual(['a', 'd1', 'd2']);
    expect(scorableFor(bank, new Set(['a', 'b', 'c1', 'd2']))).toEqual([]);
  });
});

// Reference values: scripts/reference/exam-guessing-reference.py (numpy 2.4 / scipy 1.17), its output committed as
// scripts/reference/exam-guessing-fixtures.json: the EAP and posterior SD by scipy.integrate.quad over the whole line with
// the N(0, 1.5²) prior under P = c + (1 − c) σ(θ − b), and information P′² / (P Q) with P′ by a finite difference.
describe('scoring with a fixed guessing floor against independent values', () => {
  const fixtures = guessingFixtures as unknown as {
    eap: { name: string; pattern: [number, number, boolean][]; theta: number; se: number }[];
    information: { theta: number; b: number; c: number; info: number }[];
  };
  it.each(fixtures.eap.map((f) => [f.name, f] as const))('EAP and SE of "%s" match quadrature to 1e-4', (_name, f) => {
    const est = estimateAbility(f.pattern.map(([b, c, correct]) => ({ b, c, correct })));
    expect(Math.abs(est.theta - f.theta)).toBeLessThan(1e-4);
    expect(Math.abs(est.se - f.se)).toBeLessThan(1e-4);
  });
  it('item information matches P′² / (P Q) to 1e-6', () => {
    for (const f of fixtures.information) expect(Math.abs(itemInformation(f.theta, f.b, f.c) - f.info)).toBeLessThan(1e-6);
  });
  it('with no floor it is the Rasch model, and the floors follow the item types', () => {
    expect(estimateAbility(FIVE_MIXED.map((r) => ({ ...r, c: 0 })))).toEqual(estimateAbility(FIVE_MIXED));
    expect(pCorrect(-20, 0, 0.25)).toBeCloseTo(0.25, 8);
    expect(guessingFloor('single', 4)).toBe(0.25);
    expect(guessingFloor('single', 5)).toBe(0.2);
    expect(guessingFloor('multiple', 5)).toBe(0.02);
    for (const t of ['build_list', 'options_table', 'drag_drop']) expect(guessingFloor(t, 5)).toBe(0);
  });
  it('ranks items with a floor by their information, not by the distance of b from θ', () => {
    // at θ = 0 a four-option item at b = 0 gives 0.15, an ordering at b = 0.8 gives σ(0.8)(1 − σ(0.8)) ≈ 0.214
    const items = [
      { key: 'single', domain: 'd', b: 0, c: 0.25, responses: 0 },
      { key: 'order', domain: 'd', b: 0.8, c: 0, responses: 0 },
    ];
    expect(mostInformative(items, 0, 1).map((i) => i.key)).toEqual(['order']);
  });
});
