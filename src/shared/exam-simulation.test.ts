import { describe, expect, it } from 'vitest';
import { EXAM_LIMITS } from './exam';
import { generateBank, simulateExams, summarize, TRUTHS } from './exam-simulation';

// A small simulation of the design on generated banks (decision 070), at the NREMT's lengths (pilot items
// inside the totals: EMT 70–120 items in all, Paramedic 110–150; decision 081). The bank sizes: the mean
// exposure of an item is (items per exam) / (bank size), so the 25 % ceiling needs a bank several times an
// exam's length: 600 items for EMT (≈ 80 items per exam with pilots), 1000 for Paramedic (≈ 117). Seeds are
// fixed, so the figures are the same on every run.
describe.each([
  ['EMT', 600],
  ['Paramedic', 1000],
] as const)('simulated %s exams on a generated bank of %i items', (level, size) => {
  const result = simulateExams({ level, bank: generateBank(level, size, 1), examinees: 300, seed: 42 });

  it('classify at least 95 % of examinees on the side of the standard their true ability is on', () => {
    expect(result.accuracy).toBeGreaterThanOrEqual(0.95);
  });
  it('stop well before the maximum on average, never before the minimum', () => {
    expect(result.meanLength).toBeLessThan(EXAM_LIMITS[level].maxScored - 10);
    expect(result.minLength).toBeGreaterThanOrEqual(EXAM_LIMITS[level].minScored);
    expect(result.maxLength).toBeLessThanOrEqual(EXAM_LIMITS[level].maxScored);
  });
  it('give no item to more than 25 % of examinees', () => {
    expect(result.maxExposure).toBeLessThanOrEqual(0.25);
  });
  it('keep the domain mix within the blueprint ranges in at least 95 % of exams', () => {
    expect(result.blueprintInRange).toBeGreaterThanOrEqual(0.95);
  });
});

// The simulation can fail (decision 096): answers from a truth with guessing (a floor of 0.2 on every item, as four-option
// items have) against the plain Rasch engine and against the engine with its fixed floor (decision 097).
describe('a truth the engine does not assume', () => {
  const bank = generateBank('EMT', 600, 3).map((i) => ({ ...i, trueGuess: 0.2 }));
  const run = (engineFloor: number) =>
    summarize([
      simulateExams({
        level: 'EMT',
        bank: bank.map((i) => ({ ...i, c: engineFloor })),
        examinees: 100,
        seed: 7,
        truth: TRUTHS.guessing,
      }),
    ]);
  it('shows the plain Rasch engine over-estimating ability under guessing, and the floor removing most of it', () => {
    const rasch = run(0);
    // the 1/k floor (0.25) sits above this truth's 0.2 on every item here, so it errs a little the other way
    const floor = run(0.25);
    expect(rasch.bias.lo).toBeGreaterThan(0.2);
    expect(Math.abs(floor.bias.value)).toBeLessThan(Math.abs(rasch.bias.value) / 3);
    expect(floor.accuracy.value).toBeGreaterThan(rasch.accuracy.value);
  });
  it('gives intervals that contain their value', () => {
    const s = run(0.25);
    for (const i of [s.accuracy, s.bias, s.rmse, s.length, s.bandCoverage]) {
      expect(i.lo).toBeLessThanOrEqual(i.value);
      expect(i.hi).toBeGreaterThanOrEqual(i.value);
    }
  });
});
