import { describe, expect, it } from 'vitest';
import { auc, benchmarkRows, timeSplit, type ReviewLogRow } from './srs-metrics';

// Decision 093: srs-benchmark's dataset, outlier filter and time split, and the AUC. The held-out figures on generated logs
// are checked against scripts/reference/srs_timesplit_reference.py in tests/api/srs-optimizer.test.ts.

describe('held-out evaluation pieces', () => {
  it("sklearn's TimeSeriesSplit(5): six equal parts, the first only fitted on, the remainder in the first one", () => {
    expect(timeSplit(13).map((f) => [f.trainEnd, f.testStart, f.testEnd])).toEqual([
      [3, 3, 5],
      [5, 5, 7],
      [7, 7, 9],
      [9, 9, 11],
      [11, 11, 13],
    ]);
    expect(timeSplit(5)).toEqual([]);
  });

  it('AUC as roc_auc_score: ties count half, NaN with one class', () => {
    // positives 0.8, 0.4; negatives 0.4, 0.1: pairs (0.8>0.4, 0.8>0.1, 0.4=0.4 half, 0.4>0.1) = 3.5 of 4
    expect(
      auc([
        { p: 0.8, y: 1 },
        { p: 0.4, y: 1 },
        { p: 0.4, y: 0 },
        { p: 0.1, y: 0 },
      ]),
    ).toBe(0.875);
    expect(auc([{ p: 0.5, y: 1 }])).toBeNaN();
  });

  it("an exam's logs are history only: never a row, but the card's next review counts the days since them", () => {
    const logs: ReviewLogRow[] = [
      { card: 'a', grade: 3, elapsedDays: 0 },
      { card: 'a', grade: 1, elapsedDays: 3, source: 'exam' },
      { card: 'a', grade: 3, elapsedDays: 2, source: 'review' },
    ];
    const rows = benchmarkRows(logs);
    expect(rows.map((r) => [r.order, r.deltaT, r.i, r.lapses])).toEqual([[2, 2, 3, 1]]);
    expect(rows[0]!.history).toEqual([
      { rating: 3, deltaT: 0 },
      { rating: 1, deltaT: 3 },
    ]);
  });

  it('outliers: a first long-term interval seen too rarely goes, with the rest of its card', () => {
    // 30 cards first reviewed after 3 days, 1 card after 200 days (and reviewed again after): the 200-day card goes
    const logs: ReviewLogRow[] = [];
    for (let c = 0; c < 30; c++) logs.push({ card: `c${c}`, grade: 3, elapsedDays: 0 }, { card: `c${c}`, grade: 3, elapsedDays: 3 });
    logs.push(
      { card: 'odd', grade: 3, elapsedDays: 0 },
      { card: 'odd', grade: 3, elapsedDays: 200 },
      { card: 'odd', grade: 3, elapsedDays: 5 },
    );
    const rows = benchmarkRows(logs);
    expect(rows.some((r) => r.card === 'odd')).toBe(false);
    expect(rows).toHaveLength(30);
  });
});
