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
  if (n === 0) return { n, logLoss: Number.NaN, rmse: Number.NaN, rmseBins: Number.NaN };
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
  return { n, logLoss: ll / n, rmse: Math.sqrt(se / n), rmseBins: Math.sqrt(binned / n) };
}

/** Several students' metrics together: each weighted by its number of reviews (srs-benchmark's "weighted by reviews"). */
export function weightedMean(per: readonly Metrics[]): Metrics {
  const scored = per.filter((m) => m.n > 0);
  const n = scored.reduce((s, m) => s + m.n, 0);
  if (n === 0) return { n, logLoss: Number.NaN, rmse: Number.NaN, rmseBins: Number.NaN };
  const mean = (k: 'logLoss' | 'rmse' | 'rmseBins') => scored.reduce((s, m) => s + m[k] * m.n, 0) / n;
  return { n, logLoss: mean('logLoss'), rmse: mean('rmse'), rmseBins: mean('rmseBins') };
}
