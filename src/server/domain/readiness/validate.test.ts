import { describe, expect, it } from 'vitest';
import { predictLogistic } from './metrics';
import { simulatedCohort } from './simulated-cohort';
import { featureRow, MODEL_MAX_ECE, MODEL_MIN_N, modelUsable, validateSamples } from './validate';

/** The θ̂ at which the fitted model says 50 % (SE 0.3, the third exam, a month before), by bisection. */
function impliedCut(model: NonNullable<ReturnType<typeof validateSamples>['model']>): number {
  let lo = -3;
  let hi = 3;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (predictLogistic(model, featureRow({ theta: mid, se: 0.3, exams: 3, days: 30 })) < 0.5) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

describe('readiness validation on a simulated cohort', () => {
  it('finds the miscalibration when the NREMT cut is 0.4 logit above ours, and fits the real cut', () => {
    const cohort = simulatedCohort({ students: 2000, cutShift: 0.4, seed: 28 });
    const r = validateSamples(cohort);
    expect([r.n, r.nTrain, r.nTest]).toEqual([2000, 1400, 600]);
    // the engine's own chance, computed against our cut, is off on the held-out sittings …
    expect(r.naive!.ece).toBeGreaterThan(0.08);
    // … the model fitted on the older sittings is not, and puts the 50 % point near the true cut
    expect(r.fitted!.ece).toBeLessThanOrEqual(MODEL_MAX_ECE);
    expect(r.fitted!.brier).toBeLessThan(r.naive!.brier);
    expect(r.fitted!.auc!).toBeGreaterThan(0.9);
    expect(Math.abs(impliedCut(r.model!) - 0.4)).toBeLessThan(0.15);
    expect(r.usable).toBe(true);
    // the reliability table: ten bins of 60; the engine's predictions are above what happened, far above in the middle
    expect(r.fitted!.bins.map((b) => b.n)).toEqual(new Array(10).fill(60));
    expect(r.naive!.bins.every((b) => b.meanPredicted >= b.observed)).toBe(true);
    expect(Math.max(...r.naive!.bins.map((b) => b.meanPredicted - b.observed))).toBeGreaterThan(0.3);
  });

  it('with no shift, the engine is close to calibrated: the check can pass as well as fail', () => {
    const r = validateSamples(simulatedCohort({ students: 2000, cutShift: 0, seed: 28 }));
    expect(r.naive!.ece).toBeLessThan(0.05);
  });

  it('opens the gate only at N ≥ 200 with held-out ECE ≤ 0.05', () => {
    expect(modelUsable({ n: MODEL_MIN_N, fitted: { ece: MODEL_MAX_ECE } })).toBe(true);
    expect(modelUsable({ n: MODEL_MIN_N - 1, fitted: { ece: 0.01 } })).toBe(false);
    expect(modelUsable({ n: 5000, fitted: { ece: 0.0501 } })).toBe(false);
    expect(modelUsable({ n: 5000, fitted: null })).toBe(false);
    // 150 sittings calibrate well but are too few
    const small = validateSamples(simulatedCohort({ students: 150, cutShift: 0.4, seed: 3 }));
    expect(small.fitted).not.toBeNull();
    expect(small.usable).toBe(false);
    // too few to fit at all: figures for the engine's chance only
    const tiny = validateSamples(simulatedCohort({ students: 20, cutShift: 0.4, seed: 3 }));
    expect([tiny.model, tiny.fitted, tiny.usable]).toEqual([null, null, false]);
    expect(tiny.naive!.bins.reduce((s, b) => s + b.n, 0)).toBe(6);
  });

  it('splits by time: the held-out part is the newest sittings, whatever order they come in', () => {
    const cohort = simulatedCohort({ students: 300, cutShift: 0.4, seed: 5 });
    const a = validateSamples(cohort);
    const b = validateSamples([...cohort].reverse());
    expect(b.fitted!.ece).toBeCloseTo(a.fitted!.ece, 12);
    expect(b.model!.coef).toEqual(a.model!.coef.map((c) => expect.closeTo(c, 8)));
  });
});
