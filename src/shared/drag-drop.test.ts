import { describe, expect, it } from 'vitest';
import {
  allPlaced,
  completionCounter,
  groupScenarioRows,
  isPass,
  orderScenarios,
  PASS_THRESHOLD,
  placeTherapy,
  removeTherapy,
  resultMessage,
  RESULTS_DELAY_MS,
  REVEAL_INTERVAL_MS,
  revealSchedule,
  SCENARIO_CACHE_MAX_AGE_MS,
  scoreScenario,
  SENSORS,
  shuffle,
  therapiesIn,
  unplacedTherapies,
  zoneOf,
  type DragDropRow,
  type DragDropTherapy,
  type Placement,
} from './drag-drop';

const therapies: DragDropTherapy[] = [
  { therapyKey: 'epi', therapyName: 'Epinephrine IM', indicated: true },
  { therapyKey: 'o2', therapyName: 'Oxygen', indicated: true },
  { therapyKey: 'ns', therapyName: 'Saline bolus', indicated: true },
  { therapyKey: 'nitro', therapyName: 'Nitroglycerin', indicated: false },
];

/** A seeded generator, so shuffles are the same on every run. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('constants of the specification', () => {
  it('passes at 70%, reveals every 150 ms, opens the results 500 ms later, caches 60 days', () => {
    expect(PASS_THRESHOLD).toBe(0.7);
    expect(REVEAL_INTERVAL_MS).toBe(150);
    expect(RESULTS_DELAY_MS).toBe(500);
    expect(SCENARIO_CACHE_MAX_AGE_MS).toBe(5_184_000_000);
    expect(SCENARIO_CACHE_MAX_AGE_MS).toBe(60 * 24 * 60 * 60 * 1000);
    expect(SENSORS).toEqual({ mouseDistancePx: 5, touchDelayMs: 50, touchTolerancePx: 8 });
  });
});

describe('placements', () => {
  it('places into a zone; moving to the other zone replaces the placement', () => {
    let p: Placement[] = [];
    p = placeTherapy(p, 'epi', 'indicated');
    p = placeTherapy(p, 'nitro', 'indicated');
    expect(zoneOf(p, 'nitro')).toBe('indicated');
    p = placeTherapy(p, 'nitro', 'not_indicated');
    expect(p).toEqual([
      { therapyKey: 'epi', zone: 'indicated' },
      { therapyKey: 'nitro', zone: 'not_indicated' },
    ]);
    expect(placeTherapy(p, 'epi', 'indicated')).toEqual(p);
  });

  it('× removes a placement and the therapy is available again', () => {
    const p = placeTherapy(placeTherapy([], 'epi', 'indicated'), 'o2', 'not_indicated');
    const after = removeTherapy(p, 'epi');
    expect(zoneOf(after, 'epi')).toBeNull();
    expect(unplacedTherapies(therapies, after).map((t) => t.therapyKey)).toEqual(['epi', 'ns', 'nitro']);
    expect(removeTherapy(after, 'unknown')).toEqual(after);
  });

  it('is all placed only when no therapy remains', () => {
    let p: Placement[] = [];
    for (const t of therapies.slice(0, 3)) p = placeTherapy(p, t.therapyKey, 'indicated');
    expect(allPlaced(therapies, p)).toBe(false);
    p = placeTherapy(p, 'nitro', 'not_indicated');
    expect(allPlaced(therapies, p)).toBe(true);
    expect(allPlaced([], [])).toBe(false);
    expect(allPlaced(therapies, [...p, { therapyKey: 'gone', zone: 'indicated' }])).toBe(true);
  });

  it('lists a zone in the order therapies were placed', () => {
    const p = placeTherapy(placeTherapy(placeTherapy([], 'o2', 'indicated'), 'nitro', 'not_indicated'), 'epi', 'indicated');
    expect(therapiesIn(therapies, p, 'indicated').map((t) => t.therapyKey)).toEqual(['o2', 'epi']);
    expect(therapiesIn(therapies, p, 'not_indicated').map((t) => t.therapyKey)).toEqual(['nitro']);
  });
});

describe('scoring', () => {
  it('scores correct items over total with a mark per therapy', () => {
    const p = [
      { therapyKey: 'epi', zone: 'indicated' },
      { therapyKey: 'o2', zone: 'indicated' },
      { therapyKey: 'ns', zone: 'not_indicated' },
      { therapyKey: 'nitro', zone: 'not_indicated' },
    ] satisfies Placement[];
    const r = scoreScenario(therapies, p);
    expect(r).toMatchObject({ correct: 3, total: 4, percentage: 75, passed: true });
    expect(r.marks).toEqual({ epi: true, o2: true, ns: false, nitro: true });
  });

  it('counts an unplaced therapy as wrong', () => {
    expect(scoreScenario(therapies, [{ therapyKey: 'nitro', zone: 'not_indicated' }])).toMatchObject({
      correct: 1,
      percentage: 25,
      passed: false,
    });
  });

  it('passes at exactly 70%, fails just under', () => {
    expect(isPass(7, 10)).toBe(true);
    expect(isPass(14, 20)).toBe(true);
    expect(isPass(69, 100)).toBe(false);
    expect(isPass(5, 8)).toBe(false); // 62.5%
    expect(isPass(6, 8)).toBe(true); // 75%
    expect(isPass(0, 0)).toBe(false);
  });

  it('words the pass and fail messages with the score', () => {
    expect(resultMessage({ correct: 7, total: 10, percentage: 70, passed: true }).title).toBe('Great job!');
    const fail = resultMessage({ correct: 4, total: 8, percentage: 50, passed: false });
    expect(fail.title).toBe('Keep practicing');
    expect(fail.body).toContain('4 of 8 correct (50%)');
    expect(fail.body).toContain('70%');
  });
});

describe('reveal timing', () => {
  it('reveals one mark every 150 ms and opens the results 500 ms after the last', () => {
    expect(revealSchedule(3)).toEqual({ markAt: [150, 300, 450], resultsAt: 950 });
    expect(revealSchedule(0)).toEqual({ markAt: [], resultsAt: 500 });
  });
});

describe('ordering', () => {
  it('puts uncompleted scenarios first, then completed ones, each group shuffled', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8];
    const completed = new Set([2, 5, 7]);
    const order = orderScenarios(ids, completed, seeded(42));
    expect(order.slice(0, 5).sort()).toEqual([1, 3, 4, 6, 8]);
    expect(order.slice(5).sort()).toEqual([2, 5, 7]);
    expect(orderScenarios(ids, completed, seeded(42))).toEqual(order);
    const others = [seeded(1), seeded(2), seeded(3)].map((r) => orderScenarios(ids, completed, r).join());
    expect(new Set([order.join(), ...others]).size).toBeGreaterThan(1);
  });

  it('shuffles a copy and keeps every item', () => {
    const items = ['a', 'b', 'c', 'd'];
    const out = shuffle(items, () => 0);
    expect(out).toEqual(['b', 'c', 'd', 'a']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
    expect(shuffle(items, () => 0.999999).sort()).toEqual(items);
  });
});

describe('grouping rows', () => {
  it('groups by scenario; the text and reference are the first non-empty ones', () => {
    const row = (id: number, key: string, scenario: string, indicated = true): DragDropRow => ({
      scenarioId: id,
      scenario,
      therapyKey: key,
      therapyName: key.toUpperCase(),
      indicated,
      courseLevel: 'EMT',
      reference: scenario ? 'Ref' : null,
      rationale: key === 'c' ? null : `Why ${key}.`,
    });
    const grouped = groupScenarioRows([
      row(3, 'a', ''),
      row(3, 'b', 'Case three'),
      row(3, 'c', 'Other text', false),
      row(9, 'x', 'Case nine'),
    ]);
    expect(grouped).toEqual([
      {
        scenarioId: 3,
        scenario: 'Case three',
        courseLevel: 'EMT',
        reference: 'Ref',
        therapies: [
          { therapyKey: 'a', therapyName: 'A', indicated: true, rationale: 'Why a.' },
          { therapyKey: 'b', therapyName: 'B', indicated: true, rationale: 'Why b.' },
          { therapyKey: 'c', therapyName: 'C', indicated: false, rationale: null },
        ],
      },
      {
        scenarioId: 9,
        scenario: 'Case nine',
        courseLevel: 'EMT',
        reference: 'Ref',
        therapies: [{ therapyKey: 'x', therapyName: 'X', indicated: true, rationale: 'Why x.' }],
      },
    ]);
  });
});

describe('counter', () => {
  it('reads "{n} Completed · {m} Not Completed"', () => {
    expect(completionCounter(3, 17)).toBe('3 Completed · 14 Not Completed');
    expect(completionCounter(0, 0)).toBe('0 Completed · 0 Not Completed');
  });
});
