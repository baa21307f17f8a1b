import { describe, expect, it } from 'vitest';
import { Z95, stopReason } from './exam';
import { bandWords, readinessBand, readinessVerdict, standardSetBy, standardWords, VERDICT_LABELS } from './readiness';

describe('the readiness verdict', () => {
  const se = 0.3;
  const edge = Z95 * se; // θ at which the band's lower end touches a cut of 0
  it('is "Likely to pass" only when the whole 95 % band lies above the cut', () => {
    expect(readinessVerdict({ theta: edge + 1e-9, se })).toBe('likely_pass');
    expect(readinessVerdict({ theta: edge, se })).toBe('too_close');
    expect(readinessVerdict({ theta: edge - 1e-9, se })).toBe('too_close');
  });
  it('is "Not yet ready" only when the whole band lies below the cut', () => {
    expect(readinessVerdict({ theta: -edge - 1e-9, se })).toBe('not_yet_ready');
    expect(readinessVerdict({ theta: -edge, se })).toBe('too_close');
    expect(readinessVerdict({ theta: 0, se })).toBe('too_close');
  });
  it('is judged against the cut of the standard it is scored against', () => {
    expect(readinessVerdict({ theta: 0.8, se })).toBe('likely_pass');
    expect(readinessVerdict({ theta: 0.8, se }, 0.5)).toBe('too_close');
    expect(readinessVerdict({ theta: 0.8, se }, 1.5)).toBe('not_yet_ready');
  });
  it('reads "Not yet ready" when time ran out before the minimum, whatever the band', () => {
    expect(readinessVerdict({ theta: 3, se: 0.2 }, 0, { timedOutShort: true })).toBe('not_yet_ready');
  });
  it('agrees with the stopping rule: an exam that stopped confident is never "Too close to call"', () => {
    for (let theta = -1.5; theta <= 1.5; theta += 0.01) {
      const stopped = stopReason({ level: 'EMT', scored: 80, estimate: { theta, se } }) === 'confident';
      expect(stopped).toBe(readinessVerdict({ theta, se }) !== 'too_close');
    }
  });
  it('has the words of docs/product.md §10.6', () => {
    expect(Object.values(VERDICT_LABELS)).toEqual(['Likely to pass', 'Too close to call', 'Not yet ready']);
  });
});

describe('the readiness band', () => {
  it('puts the cut at 950, 150 points a logit, to the nearest ten', () => {
    // θ 0.4, SE 0.27: 1010, band 1010 ± 1.96 × 0.27 × 150 = 930.6 .. 1089.4
    const b = readinessBand({ theta: 0.4, se: 0.27 });
    expect(b).toEqual({ score: 1010, low: 930, high: 1090 });
    expect(bandWords(b)).toBe('1010, likely between 930 and 1090');
    expect(readinessBand({ theta: 0.4, se: 0.27 }, 0.4).score).toBe(950);
  });
  it('stays within 100..1500', () => {
    expect(readinessBand({ theta: 3.5, se: 0.5 })).toEqual({ score: 1480, low: 1330, high: 1500 });
    expect(readinessBand({ theta: -6, se: 0.5 })).toEqual({ score: 100, low: 100, high: 200 });
  });
});

describe('the standard in words', () => {
  it('names the default rule or the panel and its date, and the reported results so far', () => {
    expect(standardSetBy({ method: 'default', adoptedAt: null })).toBe('the default rule');
    expect(standardSetBy({ method: 'panel', adoptedAt: '2027-03-12T23:30:00.000Z' })).toBe('the panel of 12 March 2027');
    expect(standardWords({ method: 'default', adoptedAt: null }, 0)).toBe(
      "The passing standard is MedicPrep's, set by the default rule. It has not yet been checked against NREMT results: 0 NREMT results have been reported so far.",
    );
    expect(standardWords({ method: 'default', adoptedAt: null }, 1)).toContain('1 NREMT result has been reported so far.');
  });
});
