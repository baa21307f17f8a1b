import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auc, brierScore, expectedCalibrationError, fitLogistic, predictLogistic, reliabilityBins } from './metrics';

// Reference values from numpy/scipy (scripts/reference/readiness_validation.py, run once, output committed): the same
// penalised logistic fit by BFGS instead of Newton's method, AUC from scipy's Mann–Whitney U, bins by np.array_split.
interface Figures {
  brier: number;
  ece: number;
  auc: number;
  bins: Record<string, number>[];
}
const ref = JSON.parse(readFileSync(path.resolve('scripts/reference/readiness-validation.json'), 'utf8')) as {
  train: { x: number[][]; y: number[] };
  test: { x: number[][]; y: number[]; chance: number[] };
  model: { mean: number[]; sd: number[]; coef: number[] };
  predicted: number[];
  fitted: Figures;
  naive: Figures;
};

function expectFigures(p: number[], y: number[], want: Figures) {
  expect(brierScore(p, y)).toBeCloseTo(want.brier, 10);
  expect(auc(p, y)!).toBeCloseTo(want.auc, 10);
  const bins = reliabilityBins(p, y);
  expect(bins).toHaveLength(want.bins.length);
  bins.forEach((b, i) => {
    for (const [k, v] of Object.entries(want.bins[i]!)) expect(b[k as keyof typeof b], `bin ${i + 1} ${k}`).toBeCloseTo(v, 6);
  });
  expect(expectedCalibrationError(bins)).toBeCloseTo(want.ece, 10);
}

describe('readiness validation metrics, against numpy/scipy', () => {
  it('fits the penalised logistic regression to the same coefficients', () => {
    const model = fitLogistic(ref.train.x, ref.train.y);
    model.mean.forEach((m, j) => expect(m).toBeCloseTo(ref.model.mean[j]!, 12));
    model.sd.forEach((s, j) => expect(s).toBeCloseTo(ref.model.sd[j]!, 12));
    model.coef.forEach((c, j) => expect(c, `coefficient ${j}`).toBeCloseTo(ref.model.coef[j]!, 5));
    ref.test.x.forEach((row, i) => expect(predictLogistic(model, row)).toBeCloseTo(ref.predicted[i]!, 6));
  });

  it('scores the reference predictions: Brier, AUC, decile bins with Wilson intervals, ECE', () => {
    expectFigures(ref.predicted, ref.test.y, ref.fitted);
  });

  it("scores the engine's whole-percent chances, ties and all", () => {
    expect(new Set(ref.test.chance).size).toBeLessThan(ref.test.chance.length);
    expectFigures(ref.test.chance, ref.test.y, ref.naive);
  });

  it('has no AUC without both outcomes, and hand-checked small cases', () => {
    expect(auc([0.2, 0.9], [1, 1])).toBeNull();
    expect(auc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])).toBe(0.75);
    expect(auc([0.5, 0.5], [0, 1])).toBe(0.5);
    expect(brierScore([1, 0, 0.5], [1, 1, 0])).toBeCloseTo((0 + 1 + 0.25) / 3, 12);
    // 12 predictions in 10 bins: the first two hold two each
    expect(
      reliabilityBins(
        Array.from({ length: 12 }, (_, i) => i / 12),
        new Array(12).fill(0),
      ).map((b) => b.n),
    ).toEqual([2, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
