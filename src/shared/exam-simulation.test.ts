import { describe, expect, it } from 'vitest';
import { EXAM_LIMITS } from './exam';
import { generateBank, simulateExams } from './exam-simulation';

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
