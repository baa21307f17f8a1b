import { describe, expect, it } from 'vitest';
import { pCorrect } from './exam';
import { angoffCut, angoffResult, blueprintQuotas, CUT_BOUNDS, expectedScore, impactAt, openRound, spreadOf } from './standard-setting';

// The Angoff cut and its SE (decision 109) against values computed by hand and by an independent script.

const ITEMS = [
  { b: -2, c: 0.25 },
  { b: -1, c: 0.25 },
  { b: 0, c: 0.25 },
  { b: 1, c: 0.25 },
  { b: 2, c: 0.25 },
  { b: 0, c: 0.02 },
  { b: -1, c: 0 },
  { b: 0.4, c: 0.25 },
].map((it, i) => ({ ...it, key: `i${i}` }));
const PANEL: Record<string, number[]> = {
  p1: [90, 80, 60, 45, 30, 55, 70, 60],
  p2: [85, 75, 65, 50, 35, 50, 75, 62],
  p3: [95, 85, 70, 55, 40, 60, 80, 66],
  p4: [80, 70, 55, 40, 25, 45, 65, 58],
};
const THETAS = [-1.3, -0.4, 0.0, 0.2, 0.35, 0.5, 0.9, 1.4, 2.1, -2.0];
const ratingsOf = (panel: Record<string, number[]>) =>
  Object.entries(panel).flatMap(([panelistId, values]) => values.map((value, i) => ({ panelistId, itemKey: `i${i}`, value })));

describe('the Angoff cut, by hand', () => {
  it('one four-option item, b 0.5, rated 62: 0.25 + 0.75 σ(θ − 0.5) = 0.62, θ = 0.5 + ln(0.37 / 0.38)', () => {
    // 0.62 − 0.25 = 0.37; / 0.75 = 0.49333; logit = ln(0.37 / 0.38) = −0.026668
    expect(angoffCut([{ b: 0.5, c: 0.25 }], [62])).toBeCloseTo(0.5 + Math.log(0.37 / 0.38), 10);
    expect(angoffCut([{ b: 0.5, c: 0.25 }], [62])).toBeCloseTo(0.473332, 6);
  });

  it('two Rasch items at −1 and +1 rated 50 each: the cut is 0 by symmetry', () => {
    expect(
      angoffCut(
        [
          { b: -1, c: 0 },
          { b: 1, c: 0 },
        ],
        [50, 50],
      ),
    ).toBeCloseTo(0, 12);
  });

  it('three panelists on one Rasch item at 0 rate 25, 50, 75: own cuts −ln 3, 0, ln 3; panel cut 0; SE ln 3 / √3', () => {
    const items = [{ key: 'a', b: 0, c: 0 }];
    const r = angoffResult(items, [
      { panelistId: 'x', itemKey: 'a', value: 25 },
      { panelistId: 'y', itemKey: 'a', value: 50 },
      { panelistId: 'z', itemKey: 'a', value: 75 },
    ]);
    expect(r.cut).toBeCloseTo(0, 12);
    expect(r.panelistCuts.map((p) => p.cut)).toEqual([
      expect.closeTo(-Math.log(3), 10),
      expect.closeTo(0, 10),
      expect.closeTo(Math.log(3), 10),
    ]);
    // SD (n − 1) of (−ln 3, 0, ln 3) is ln 3: √((ln²3 + ln²3) / 2)
    expect(r.se).toBeCloseTo(Math.log(3) / Math.sqrt(3), 10);
    expect(r.se).toBeCloseTo(0.634284, 6);
    expect(r.items[0]!.spread).toEqual({ n: 3, mean: 50, min: 25, max: 75, sd: 25 });
  });

  it('a rating below what guessing alone gives, or of 100 everywhere, has no finite root: the cut is the bound', () => {
    expect(angoffCut([{ b: 0, c: 0.25 }], [20])).toBe(CUT_BOUNDS.min);
    expect(angoffCut([{ b: 0, c: 0 }], [100])).toBe(CUT_BOUNDS.max);
  });

  it('the expected score at the cut equals the ratings / 100, through the exam’s own probability', () => {
    const cut = angoffCut(ITEMS, PANEL.p1!);
    expect(expectedScore(cut, ITEMS)).toBeCloseTo(PANEL.p1!.reduce((a, r) => a + r, 0) / 100, 10);
    expect(expectedScore(0.3, ITEMS)).toBeCloseTo(
      ITEMS.reduce((a, it) => a + pCorrect(0.3, it.b, it.c), 0),
      14,
    );
  });
});

describe('the Angoff cut, against scripts/reference/angoff_reference.py', () => {
  // Produced by `python3 scripts/reference/angoff_reference.py` (scipy brentq on the same equation, numpy's SD with
  // ddof=1): the same items, panel and abilities as above.
  const REFERENCE = {
    cut: 0.018202716021007488,
    se: 0.18504154430936157,
    panelistCuts: { p1: -0.013503775168087219, p2: 0.042014206318369635, p3: 0.47960061838068513, p4: -0.425024720835456 },
    impact: 0.6,
  };

  it('the panel cut, each panelist’s cut and the SE agree to 1e-9', () => {
    const r = angoffResult(ITEMS, ratingsOf(PANEL));
    expect(r.cut).toBeCloseTo(REFERENCE.cut, 9);
    expect(r.se).toBeCloseTo(REFERENCE.se, 9);
    for (const p of r.panelistCuts) {
      expect(p.rated).toBe(8);
      expect(p.cut).toBeCloseTo(REFERENCE.panelistCuts[p.panelistId as keyof typeof REFERENCE.panelistCuts], 9);
    }
  });

  it('the impact at the cut: 6 of the 10 abilities are at or above it', () => {
    const r = angoffResult(ITEMS, ratingsOf(PANEL));
    expect(impactAt(THETAS, r.cut!)).toEqual({ takers: 10, passing: 6, share: REFERENCE.impact });
    expect(impactAt([], 0)).toEqual({ takers: 0, passing: 0, share: null });
  });
});

describe('partial ratings and spreads', () => {
  it('the panel cut uses the items anyone rated; a panelist’s own cut uses their items; one panelist gives no SE', () => {
    const r = angoffResult(ITEMS, [
      { panelistId: 'p1', itemKey: 'i0', value: 90 },
      { panelistId: 'p1', itemKey: 'i2', value: 60 },
    ]);
    expect(r.cut).toBeCloseTo(angoffCut([ITEMS[0]!, ITEMS[2]!], [90, 60]), 12);
    expect(r.se).toBeNull();
    expect(r.panelistCuts).toEqual([{ panelistId: 'p1', rated: 2, cut: r.cut }]);
    expect(r.items.filter((i) => i.spread).map((i) => i.key)).toEqual(['i0', 'i2']);
    expect(angoffResult(ITEMS, [])).toMatchObject({ cut: null, se: null, panelistCuts: [] });
  });

  it('spread: mean, min, max and the sample SD', () => {
    expect(spreadOf([])).toBeNull();
    expect(spreadOf([40])).toEqual({ n: 1, mean: 40, min: 40, max: 40, sd: null });
    // values 60, 70, 80, 90: mean 75, squares 225 + 25 + 25 + 225 = 500, / 3, √ = 12.9099
    expect(spreadOf([60, 70, 80, 90])!.sd).toBeCloseTo(Math.sqrt(500 / 3), 12);
  });

  it('only rounds 1 and 2 take ratings', () => {
    expect(['draft', 'round1', 'round2', 'closed', 'adopted'].map((s) => openRound(s as never))).toEqual([null, 1, 2, null, null]);
  });
});

describe('blueprint quotas', () => {
  it('80 EMT items by the weights’ middles (17, 41, 7, 22, 12 of 99), by largest remainder', () => {
    const plenty = {
      'Scene Size-Up and Safety': 99,
      'Primary Assessment': 99,
      'Secondary Assessment': 99,
      'Patient Treatment and Transport': 99,
      Operations: 99,
    };
    // 80 × (17, 41, 7, 22, 12) / 99 = 13.74, 33.13, 5.66, 17.78, 9.70 → floors 13, 33, 5, 17, 9 (77), +1 to .78, .74, .70
    expect(Object.fromEntries(blueprintQuotas('EMT', 80, plenty))).toEqual({
      'Scene Size-Up and Safety': 14,
      'Primary Assessment': 33,
      'Secondary Assessment': 5,
      'Patient Treatment and Transport': 18,
      Operations: 10,
    });
  });

  it('a domain short of items gives its shortfall to the heaviest domains with items to spare', () => {
    const q = blueprintQuotas('EMT', 80, {
      'Scene Size-Up and Safety': 99,
      'Primary Assessment': 99,
      'Secondary Assessment': 2,
      'Patient Treatment and Transport': 99,
      Operations: 99,
    });
    expect(q.get('Secondary Assessment')).toBe(2);
    expect(q.get('Primary Assessment')).toBe(36);
    expect([...q.values()].reduce((a, b) => a + b, 0)).toBe(80);
  });
});
