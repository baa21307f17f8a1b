import type { ContentLevel } from './constants';
import type { DragDropScenario, DragDropTherapy } from './contracts/drag-drop';

/** Drag-and-drop therapy questions: rules shared by the screen and the API (docs/product.md §4, §5 and §9). */
export const PASS_THRESHOLD = 0.7;
export const REVEAL_INTERVAL_MS = 150;
export const RESULTS_DELAY_MS = 500;
/** 60 days */
export const SCENARIO_CACHE_MAX_AGE_MS = 5_184_000_000;
export const SENSORS = { mouseDistancePx: 5, touchDelayMs: 50, touchTolerancePx: 8 } as const;

export const ZONES = ['indicated', 'not_indicated'] as const;
export type Zone = (typeof ZONES)[number];
export const ZONE_LABELS: Record<Zone, string> = { indicated: 'Indicated', not_indicated: 'Not Indicated' };

/** Scenarios and therapies as the API sends them: the contract's types. */
export type { DragDropScenario, DragDropScenariosResponse, DragDropTherapy } from './contracts/drag-drop';
/** One row of drag_drop_scenarios: a therapy of a scenario. */
export interface DragDropRow extends DragDropTherapy {
  scenarioId: number;
  scenario: string;
  courseLevel: ContentLevel;
  reference: string | null;
}

/**
 * Groups rows (ordered by scenario) into scenarios; a scenario's text is the first non-empty one
 * among its rows (docs/product.md §3), and so is its reference.
 */
export function groupScenarioRows(rows: readonly DragDropRow[]): DragDropScenario[] {
  const byId = new Map<number, DragDropScenario>();
  for (const r of rows) {
    let s = byId.get(r.scenarioId);
    if (!s) {
      s = { scenarioId: r.scenarioId, scenario: '', courseLevel: r.courseLevel, reference: null, therapies: [] };
      byId.set(r.scenarioId, s);
    }
    if (!s.scenario.trim() && r.scenario.trim()) s.scenario = r.scenario;
    if (!s.reference?.trim() && r.reference?.trim()) s.reference = r.reference;
    if (!s.therapies.some((t) => t.therapyKey === r.therapyKey))
      s.therapies.push({
        therapyKey: r.therapyKey,
        therapyName: r.therapyName,
        indicated: r.indicated,
        rationale: r.rationale ?? null,
      });
  }
  return [...byId.values()];
}

/** Where the student put each therapy, in the order they were placed. */
export interface Placement {
  therapyKey: string;
  zone: Zone;
}

export const zoneOf = (placements: readonly Placement[], key: string): Zone | null =>
  placements.find((p) => p.therapyKey === key)?.zone ?? null;

/** Places a therapy into a zone; one already in the other zone moves there (the placement is replaced). */
export function placeTherapy(placements: readonly Placement[], key: string, zone: Zone): Placement[] {
  if (zoneOf(placements, key) === zone) return [...placements];
  return [...placements.filter((p) => p.therapyKey !== key), { therapyKey: key, zone }];
}

/** The × of a placed therapy: back to the available list. */
export function removeTherapy(placements: readonly Placement[], key: string): Placement[] {
  return placements.filter((p) => p.therapyKey !== key);
}

export function unplacedTherapies<T extends { therapyKey: string }>(therapies: readonly T[], placements: readonly Placement[]): T[] {
  return therapies.filter((t) => zoneOf(placements, t.therapyKey) === null);
}

/** Check Answers is offered only when every therapy has been placed (docs/product.md §5). */
export function allPlaced(therapies: readonly { therapyKey: string }[], placements: readonly Placement[]): boolean {
  return therapies.length > 0 && unplacedTherapies(therapies, placements).length === 0;
}

export function therapiesIn<T extends { therapyKey: string }>(therapies: readonly T[], placements: readonly Placement[], zone: Zone): T[] {
  const byKey = new Map(therapies.map((t) => [t.therapyKey, t]));
  return placements.filter((p) => p.zone === zone && byKey.has(p.therapyKey)).map((p) => byKey.get(p.therapyKey)!);
}

export interface ScoreResult {
  correct: number;
  total: number;
  /** rounded percent */
  percentage: number;
  passed: boolean;
  /** therapy key → placed in the right zone */
  marks: Record<string, boolean>;
}

/** 70% or more passes; exactly 70% passes. */
export function isPass(correct: number, total: number): boolean {
  return total > 0 && correct / total >= PASS_THRESHOLD - 1e-9;
}

/** Correct items over total; an unplaced therapy counts as wrong. */
export function scoreScenario(therapies: readonly DragDropTherapy[], placements: readonly Placement[]): ScoreResult {
  const marks: Record<string, boolean> = {};
  for (const t of therapies) {
    const zone = zoneOf(placements, t.therapyKey);
    marks[t.therapyKey] = zone !== null && (zone === 'indicated') === t.indicated;
  }
  const correct = Object.values(marks).filter(Boolean).length;
  const total = therapies.length;
  return { correct, total, percentage: total ? Math.round((correct / total) * 100) : 0, passed: isPass(correct, total), marks };
}

export function resultMessage(result: Pick<ScoreResult, 'correct' | 'total' | 'percentage' | 'passed'>): { title: string; body: string } {
  const score = `${result.correct} of ${result.total} correct (${result.percentage}%).`;
  return result.passed
    ? { title: 'Great job!', body: `You got ${score} You know when these therapies are indicated.` }
    : {
        title: 'Keep practicing',
        body: `You got ${score} You need ${Math.round(PASS_THRESHOLD * 100)}% to pass. Review the marks and try it again.`,
      };
}

/** When each mark appears after Check Answers, and when the results open: every 150 ms, then 500 ms. */
export function revealSchedule(items: number): { markAt: number[]; resultsAt: number } {
  const markAt = Array.from({ length: items }, (_, i) => (i + 1) * REVEAL_INTERVAL_MS);
  return { markAt, resultsAt: items * REVEAL_INTERVAL_MS + RESULTS_DELAY_MS };
}

/** A shuffled copy (Fisher–Yates); `random` returns [0, 1) like Math.random. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Uncompleted scenarios first (shuffled), then completed ones (shuffled) (docs/product.md §4). */
export function orderScenarios(ids: readonly number[], completed: ReadonlySet<number>, random: () => number = Math.random): number[] {
  return [
    ...shuffle(
      ids.filter((id) => !completed.has(id)),
      random,
    ),
    ...shuffle(
      ids.filter((id) => completed.has(id)),
      random,
    ),
  ];
}

export function completionCounter(completed: number, total: number): string {
  return `${completed} Completed · ${Math.max(0, total - completed)} Not Completed`;
}
