// Standard setting by a panel of educators, the modified Angoff method (docs/decisions/109-standard-setting-by-a-panel.md):
// the cut on the ability scale from the panel's ratings, its standard error from the panelists' spread, the spread of the
// ratings per item and the impact of a cut on recent practice-exam takers. Pure functions: the server computes, the
// client only shows. The probability of a right answer is the exam's own (`pCorrect`, with the item's guessing floor,
// decision 097), so the cut is on the scale the exam scores with.
import type { ContentLevel } from './constants';
import { pCorrect } from './exam';
import { domainsOf } from './questions';

/** Study states, in order: draft (items chosen, panel invited) → round 1 → round 2 (with feedback) → closed → adopted. */
export const STUDY_STATUSES = ['draft', 'round1', 'round2', 'closed', 'adopted'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export const STUDY_ROUNDS = [1, 2] as const;
export type StudyRound = (typeof STUDY_ROUNDS)[number];

/** The sample of items a study rates: a blueprint-balanced 60–100 (docs/decisions/109-standard-setting-by-a-panel.md). */
export const STUDY_ITEMS = { min: 60, max: 100, default: 80 } as const;

/** A rating: of 100 minimally competent entry-level candidates, how many answer the item right. */
export const RATING_RANGE = { min: 0, max: 100 } as const;

/** The question every panelist answers for every item, word for word on the rating screen. */
export const ratingQuestion = (level: ContentLevel): string =>
  `Of 100 minimally competent entry-level ${level === 'EMT' ? 'EMTs' : 'paramedics'}, how many answer it right?`;

/** The round a status collects ratings for; null when the study takes no ratings. */
export const openRound = (status: StudyStatus): StudyRound | null => (status === 'round1' ? 1 : status === 'round2' ? 2 : null);

/** The cut is looked for on the exam's ability grid (src/shared/exam.ts, −8..8): a panel cannot set one beyond it. */
export const CUT_BOUNDS = { min: -8, max: 8 } as const;

export interface AngoffItem {
  /** the difficulty the study recorded for the item (the exam's `itemDifficulty` when it was sampled) */
  b: number;
  /** the item's fixed guessing floor (`guessingFloor`) */
  c: number;
}

/** The expected number right on these items at θ: the sum of the exam's probabilities. */
export function expectedScore(theta: number, items: readonly AngoffItem[]): number {
  let s = 0;
  for (const it of items) s += pCorrect(theta, it.b, it.c);
  return s;
}

/**
 * The Angoff cut: the θ at which the expected score on the items equals the sum of the ratings / 100. The expected score
 * rises strictly with θ, so bisection on CUT_BOUNDS finds the one root; a target at or below what guessing alone gives
 * (the floors' sum) or at the number of items has no finite root and the cut is the bound.
 */
export function angoffCut(items: readonly AngoffItem[], ratings: readonly number[]): number {
  if (items.length === 0 || items.length !== ratings.length) throw new Error('angoffCut: one rating per item, at least one item');
  const target = ratings.reduce((a, r) => a + r, 0) / 100;
  let lo: number = CUT_BOUNDS.min;
  let hi: number = CUT_BOUNDS.max;
  if (expectedScore(lo, items) >= target) return lo;
  if (expectedScore(hi, items) <= target) return hi;
  // 60 halvings of a 16-logit interval leave it under 1e-16 wide
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (expectedScore(mid, items) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface Spread {
  n: number;
  mean: number;
  min: number;
  max: number;
  /** the sample SD (n − 1); null with fewer than two values */
  sd: number | null;
}

/** Mean, least, greatest and sample SD of some values; null when there are none. */
export function spreadOf(values: readonly number[]): Spread | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((a, v) => a + v, 0) / n;
  const ss = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return { n, mean, min: Math.min(...values), max: Math.max(...values), sd: n > 1 ? Math.sqrt(ss / (n - 1)) : null };
}

export interface PanelRating {
  panelistId: string;
  itemKey: string;
  value: number;
}

export interface AngoffResult {
  /** the panel's cut: from each item's mean rating, over the items anyone rated; null when no one rated */
  cut: number | null;
  /** SD of the panelists' own cuts / √P; null with fewer than two panelists who rated */
  se: number | null;
  /** each panelist's own cut, from the items they rated */
  panelistCuts: { panelistId: string; cut: number; rated: number }[];
  /** per item (in the order given): the spread of its ratings */
  items: { key: string; spread: Spread | null }[];
}

/**
 * The panel's result for one round. The cut: each item's rating is the panel's mean for it, and the cut solves the
 * expected score on the rated items = the sum of those means / 100. Its standard error from panelist variation: each
 * panelist's own cut from their own ratings, SE = SD(panelist cuts) / √P (decision 109).
 */
export function angoffResult(items: readonly (AngoffItem & { key: string })[], ratings: readonly PanelRating[]): AngoffResult {
  const byItem = new Map<string, number[]>();
  const byPanelist = new Map<string, Map<string, number>>();
  for (const r of ratings) {
    if (!byItem.has(r.itemKey)) byItem.set(r.itemKey, []);
    byItem.get(r.itemKey)!.push(r.value);
    if (!byPanelist.has(r.panelistId)) byPanelist.set(r.panelistId, new Map());
    byPanelist.get(r.panelistId)!.set(r.itemKey, r.value);
  }
  const itemOf = new Map(items.map((it) => [it.key, it]));
  const rated = items.filter((it) => (byItem.get(it.key)?.length ?? 0) > 0);
  const cut =
    rated.length === 0
      ? null
      : angoffCut(
          rated,
          rated.map((it) => {
            const v = byItem.get(it.key)!;
            return v.reduce((a, x) => a + x, 0) / v.length;
          }),
        );
  const panelistCuts = [...byPanelist.entries()]
    .map(([panelistId, mine]) => {
      const keys = [...mine.keys()].filter((k) => itemOf.has(k));
      return { panelistId, rated: keys.length, keys, mine };
    })
    .filter((p) => p.rated > 0)
    .map((p) => ({
      panelistId: p.panelistId,
      rated: p.rated,
      cut: angoffCut(
        p.keys.map((k) => itemOf.get(k)!),
        p.keys.map((k) => p.mine.get(k)!),
      ),
    }));
  const cutSpread = spreadOf(panelistCuts.map((p) => p.cut));
  const se = cutSpread?.sd == null ? null : cutSpread.sd / Math.sqrt(cutSpread.n);
  return { cut, se, panelistCuts, items: items.map((it) => ({ key: it.key, spread: spreadOf(byItem.get(it.key) ?? []) })) };
}

export interface Impact {
  /** recent practice-exam takers of the level, each by their latest scored exam */
  takers: number;
  /** of them, those whose estimate is at or above the cut */
  passing: number;
  /** passing / takers; null without takers */
  share: number | null;
}

/** The share of takers (their latest θ̂) who would pass at this cut: θ̂ at or above it. */
export function impactAt(thetas: readonly number[], cut: number): Impact {
  const passing = thetas.filter((t) => t >= cut).length;
  return { takers: thetas.length, passing, share: thetas.length > 0 ? passing / thetas.length : null };
}

/**
 * How many items of each blueprint domain a sample of n takes: n × each domain's weight (the middle of its range,
 * normalised over the level's domains), by largest remainder, then capped at what the bank has, the shortfall moved to
 * the domains with items to spare, heaviest first. Returns domain name → count.
 */
export function blueprintQuotas(level: ContentLevel, n: number, available: Readonly<Record<string, number>>): Map<string, number> {
  const domains = domainsOf(level);
  const mids = domains.map((d) => (d.min + d.max) / 2);
  const total = mids.reduce((a, m) => a + m, 0);
  const exact = mids.map((m) => (n * m) / total);
  const counts = exact.map(Math.floor);
  let left = n - counts.reduce((a, x) => a + x, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    counts[i]!++;
    left--;
  }
  let shortfall = 0;
  domains.forEach((d, i) => {
    const have = available[d.name] ?? 0;
    if (counts[i]! > have) {
      shortfall += counts[i]! - have;
      counts[i] = have;
    }
  });
  const heaviest = domains.map((d, i) => ({ d, i })).sort((a, b) => mids[b.i]! - mids[a.i]! || a.i - b.i);
  while (shortfall > 0) {
    const spare = heaviest.find(({ d, i }) => counts[i]! < (available[d.name] ?? 0));
    if (!spare) break;
    counts[spare.i]!++;
    shortfall--;
  }
  return new Map(domains.map((d, i) => [d.name, counts[i]!]));
}
