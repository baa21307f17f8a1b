import { default_w, forgetting_curve, fsrs, type FSRSState } from 'ts-fsrs';
import type { ReviewSource } from '../../shared/srs';

// How well FSRS predicts a student's recall (decision 076), measured as the open srs-benchmark measures it:
// replay each card's reviews through FSRS (ts-fsrs's memory-state update), take the retrievability at the moment of each
// review from the state before it (ts-fsrs's forgetting curve), and score it against the outcome (Again = forgotten,
// Hard / Good / Easy = recalled) with log loss, RMSE and RMSE (bins). Pure functions: srs:evaluate and srs:optimize feed
// them the stored review logs.

/** One stored review, as the metrics and the optimiser need it. */
export interface ReviewLogRow {
  /** one card = one (kind, key) of one student */
  card: string;
  /** FSRS rating 1–4 */
  grade: number;
  /** whole study days since the card's previous review (0 for its first, and for a review the same day) */
  elapsedDays: number;
  /** when it was given (ms); the time split orders by it */
  reviewedAt?: number;
  /** where it was given: an exam's logs are history, never scored nor fitted on (decision 093) */
  source?: ReviewSource;
}

/** One scored review: the predicted recall `p`, the outcome `y`, and srs-benchmark's bin features. */
export interface Prediction {
  p: number;
  y: 0 | 1;
  /** days since the previous review (> 0: same-day reviews are not scored, as in srs-benchmark) */
  elapsedDays: number;
  /** 1 + the card's reviews with elapsed days > 0 so far, this one included (srs-benchmark's `i`) */
  i: number;
  /** the card's earlier lapses: Again after at least a day (srs-benchmark's `rmse_bins_lapse`) */
  lapses: number;
}

export interface Metrics {
  /** reviews scored */
  n: number;
  logLoss: number;
  rmse: number;
  rmseBins: number;
  /** area under the ROC curve (srs-benchmark's AUC); NaN when every outcome is the same */
  auc: number;
}

export const DEFAULT_WEIGHTS: readonly number[] = default_w;

/**
 * The predictions FSRS with `weights` makes for one student's reviews. `rows` are in review order within each card
 * (cards may interleave). The memory state evolves as the scheduler's does (short-term stability on, decision 065).
 */
export function predict(rows: Iterable<ReviewLogRow>, weights: readonly number[] = DEFAULT_WEIGHTS): Prediction[] {
  const f = fsrs({ w: weights, enable_short_term: true });
  const w = f.parameters.w;
  const cards = new Map<string, { memory: FSRSState | null; longTerm: number; lapses: number }>();
  const out: Prediction[] = [];
  for (const r of rows) {
    let c = cards.get(r.card);
    if (!c) cards.set(r.card, (c = { memory: null, longTerm: 0, lapses: 0 }));
    const t = c.memory ? Math.max(0, r.elapsedDays) : 0;
    if (c.memory && t > 0) {
      c.longTerm += 1;
      out.push({
        p: forgetting_curve(w, t, c.memory.stability),
        y: r.grade > 1 ? 1 : 0,
        elapsedDays: t,
        i: c.longTerm + 1,
        lapses: c.lapses,
      });
    }
    c.memory = f.next_state(c.memory, t, r.grade);
    if (r.grade === 1 && t > 0) c.lapses += 1;
  }
  return out;
}

/** sklearn's log_loss clips predictions to [eps, 1 − eps] with eps the float64 machine epsilon. */
const EPS = 2.220446049250313e-16;

/** srs-benchmark's bins: the interval, the review count and the lapse count on geometric scales. */
const binOf = (x: number, base: number) => Math.floor(Math.log(x) / Math.log(base));
const binKey = (q: Prediction) =>
  `${binOf(Math.max(q.elapsedDays, 1e-6), 3.62)}|${binOf(q.i, 1.89)}|${q.lapses === 0 ? 'none' : binOf(q.lapses, 1.73)}`;

/**
 * Log loss, RMSE and RMSE (bins) of one student's predictions, as srs-benchmark computes them (utils.py `evaluate` and
 * `rmse_matrix`): RMSE (bins) groups the reviews by (interval, review number, lapses) on geometric scales and takes the
 * review-weighted RMSE between each bin's mean prediction and its mean outcome.
 */
export function metrics(predictions: readonly Prediction[]): Metrics {
  const n = predictions.length;
  if (n === 0) return { n, logLoss: Number.NaN, rmse: Number.NaN, rmseBins: Number.NaN, auc: Number.NaN };
  let ll = 0;
  let se = 0;
  const bins = new Map<string, { n: number; p: number; y: number }>();
  for (const q of predictions) {
    const p = Math.min(1 - EPS, Math.max(EPS, q.p));
    ll -= q.y ? Math.log(p) : Math.log(1 - p);
    se += (q.y - q.p) ** 2;
    const key = binKey(q);
    const b = bins.get(key) ?? { n: 0, p: 0, y: 0 };
    b.n += 1;
    b.p += q.p;
    b.y += q.y;
    bins.set(key, b);
  }
  let binned = 0;
  for (const b of bins.values()) binned += b.n * (b.y / b.n - b.p / b.n) ** 2;
  return { n, logLoss: ll / n, rmse: Math.sqrt(se / n), rmseBins: Math.sqrt(binned / n), auc: auc(predictions) };
}

/**
 * The area under the ROC curve: the chance that a recalled review got a higher prediction than a forgotten one (ties count
 * half), as sklearn's roc_auc_score computes it (the Mann–Whitney U with average ranks).
 */
export function auc(predictions: readonly Pick<Prediction, 'p' | 'y'>[]): number {
  const sorted = [...predictions].sort((a, b) => a.p - b.p);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const rank = (i + 1 + j) / 2; // the average of ranks i+1 … j
    for (let k = i; k < j; k++)
      if (sorted[k]!.y === 1) {
        positives += 1;
        rankSum += rank;
      }
    i = j;
  }
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Several students' metrics together: each weighted by its number of reviews (srs-benchmark's "weighted by reviews"). */
export function weightedMean(per: readonly Metrics[]): Metrics {
  const scored = per.filter((m) => m.n > 0);
  const n = scored.reduce((s, m) => s + m.n, 0);
  if (n === 0) return { n, logLoss: Number.NaN, rmse: Number.NaN, rmseBins: Number.NaN, auc: Number.NaN };
  const mean = (k: 'logLoss' | 'rmse' | 'rmseBins' | 'auc') => {
    const with_ = scored.filter((m) => !Number.isNaN(m[k]));
    const total = with_.reduce((s, m) => s + m.n, 0);
    return total ? with_.reduce((s, m) => s + m[k] * m.n, 0) / total : Number.NaN;
  };
  return { n, logLoss: mean('logLoss'), rmse: mean('rmse'), rmseBins: mean('rmseBins'), auc: mean('auc') };
}

// ---------------------------------------------------------------------------------------------------
// Held out, as srs-benchmark evaluates (decision 093): its dataset (each review at least a day after the card's previous
// one, with the card's history before it), its outlier filter, and its time-series split — fit on earlier reviews, score
// the later ones.

/** One review of srs-benchmark's dataset. */
export interface BenchmarkRow {
  /** its place in the student's logs (review order) */
  order: number;
  card: string;
  /** the card's reviews before this one: rating and study days since the one before (0 for the first) */
  history: { rating: number; deltaT: number }[];
  deltaT: number;
  grade: number;
  y: 0 | 1;
  /** srs-benchmark's `i`: 1 + the card's reviews after at least a day so far, this one included */
  i: number;
  lapses: number;
  firstRating: number;
}

/**
 * srs-benchmark's dataset of one student's logs (features/base.py with fsrs-optimizer's `remove_outliers` and
 * `remove_non_continuous_rows`): every review at least a day after the card's previous one, in review order, but
 *  - an exam's logs are never a row (they are history only: an exam logs its misses and not its right answers, so its
 *    outcomes are selected — decision 093);
 *  - outliers removed: among each first rating's first long-term reviews (`i` = 2), the rarest intervals (fewest reviews,
 *    the longest first) go while fewer than max(5 %, 20) of them have gone; after that an interval goes if it has fewer than
 *    6 reviews or is over 100 days (365 after a first Easy); a card whose first long-term review went loses its later rows.
 */
export function benchmarkRows(rows: readonly ReviewLogRow[]): BenchmarkRow[] {
  const histories = new Map<string, { rating: number; deltaT: number }[]>();
  const all: BenchmarkRow[] = [];
  rows.forEach((r, order) => {
    let h = histories.get(r.card);
    if (!h) histories.set(r.card, (h = []));
    const deltaT = h.length === 0 ? 0 : Math.max(0, r.elapsedDays);
    if (deltaT > 0 && r.source !== 'exam') {
      const longTerm = h.filter((x, k) => k > 0 && x.deltaT > 0).length;
      all.push({
        order,
        card: r.card,
        history: [...h],
        deltaT,
        grade: r.grade,
        y: r.grade > 1 ? 1 : 0,
        i: longTerm + 2,
        lapses: h.filter((x) => x.deltaT !== 0 && x.rating === 1).length,
        firstRating: h[0]!.rating,
      });
    }
    h.push({ rating: r.grade, deltaT });
  });
  const removedCards = new Set<string>();
  const firsts = new Map<number, BenchmarkRow[]>();
  for (const row of all)
    if (row.i === 2) {
      const g = firsts.get(row.firstRating) ?? [];
      g.push(row);
      firsts.set(row.firstRating, g);
    }
  for (const [firstRating, group] of firsts) {
    const counts = new Map<number, number>();
    for (const row of group) counts.set(row.deltaT, (counts.get(row.deltaT) ?? 0) + 1);
    const order = [...counts].sort((a, b) => a[1] - b[1] || b[0] - a[0]);
    const total = group.length;
    let removed = 0;
    const gone = new Set<number>();
    for (const [deltaT, count] of order) {
      if (removed + count >= Math.max(total * 0.05, 20)) {
        if (count < 6 || deltaT > (firstRating !== 4 ? 100 : 365)) {
          gone.add(deltaT);
          removed += count;
        }
      } else {
        gone.add(deltaT);
        removed += count;
      }
    }
    for (const row of group) if (gone.has(row.deltaT)) removedCards.add(row.card);
  }
  return all.filter((row) => !removedCards.has(row.card));
}

/** sklearn's TimeSeriesSplit (srs-benchmark: 5 splits): each fold's test rows, and the rows before them to fit on. */
export function timeSplit(n: number, splits = 5): { trainEnd: number; testStart: number; testEnd: number }[] {
  const size = Math.floor(n / (splits + 1));
  if (size < 1) return [];
  return Array.from({ length: splits }, (_, k) => {
    const testStart = n - (splits - k) * size;
    return { trainEnd: testStart, testStart, testEnd: testStart + size };
  });
}

/** Predictions for the rows `wanted` (by `order`): each card's reviews replayed through FSRS with `weights`. */
export function predictRows(logs: readonly ReviewLogRow[], rows: readonly BenchmarkRow[], weights: readonly number[]): Prediction[] {
  const f = fsrs({ w: weights, enable_short_term: true });
  const w = f.parameters.w;
  const wanted = new Map(rows.map((r) => [r.order, r]));
  const memory = new Map<string, FSRSState | null>();
  const out: Prediction[] = [];
  logs.forEach((r, order) => {
    const m = memory.get(r.card) ?? null;
    const t = m ? Math.max(0, r.elapsedDays) : 0;
    const row = wanted.get(order);
    if (row && m)
      out.push({ p: forgetting_curve(w, row.deltaT, m.stability), y: row.y, elapsedDays: row.deltaT, i: row.i, lapses: row.lapses });
    memory.set(r.card, f.next_state(m, t, r.grade));
  });
  return out;
}

/**
 * Held-out figures of one student: the time split's test rows, each predicted with the weights `weightsFor` gives its fold
 * (the defaults: the same for every fold; a fit: fitted on the fold's earlier rows).
 */
export async function heldOut(
  logs: readonly ReviewLogRow[],
  rows: readonly BenchmarkRow[],
  weightsFor: (train: readonly BenchmarkRow[], fold: number) => readonly number[] | Promise<readonly number[]>,
): Promise<Metrics> {
  const predictions: Prediction[] = [];
  for (const [k, fold] of timeSplit(rows.length).entries()) {
    const w = await weightsFor(rows.slice(0, fold.trainEnd), k);
    predictions.push(...predictRows(logs, rows.slice(fold.testStart, fold.testEnd), w));
  }
  return metrics(predictions);
}
