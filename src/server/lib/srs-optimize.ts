import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { eq } from 'drizzle-orm';
import { isFsrsWeights } from '../../shared/srs';
import type { ServiceDeps } from '../deps';
import { srsParameters } from '../db/schema';
import { storedWeights, studentLogs, studentsWithLogs } from './srs-evaluate';
import { DEFAULT_WEIGHTS, metrics, predict, type Metrics, type ReviewLogRow } from './srs-metrics';

// `npm run srs:optimize` (decision 076): per-student FSRS weights fitted with the FSRS optimiser (fsrs-rs, through
// @open-spaced-repetition/binding) on each student's review logs, for students with at least MIN_REVIEWS reviews. A fit is
// kept only when it predicts that student's reviews at least as well (log loss) as the weights they have now; the
// scheduler then uses it (src/server/lib/srs.ts reads srs_parameters with the card).

/** Reviews a student needs before their own weights are fitted (Anki suggests at least 1,000 for a reliable fit). */
export const MIN_REVIEWS = 1000;

/**
 * The optimiser's training items, as fsrs-rs builds them from a review log: for each review given at least a day after the
 * card's previous one, the card's history up to and including it (first review with delta_t 0; same-day reviews kept in the
 * history, delta_t 0).
 */
export function fsrsItems(rows: Iterable<ReviewLogRow>): FSRSBindingItem[] {
  const histories = new Map<string, { rating: number; deltaT: number }[]>();
  const items: FSRSBindingItem[] = [];
  for (const r of rows) {
    let h = histories.get(r.card);
    if (!h) histories.set(r.card, (h = []));
    const deltaT = h.length === 0 ? 0 : Math.max(0, r.elapsedDays);
    h.push({ rating: r.grade, deltaT });
    if (deltaT > 0) {
      const item = new FSRSBindingItem(h.map((x) => new FSRSBindingReview(x.rating, x.deltaT)));
      if (item.longTermReviewCnt() > 0) items.push(item);
    }
  }
  return items;
}

export interface StudentFit {
  userId: string;
  reviews: number;
  /** training items (reviews after at least a day) */
  items: number;
  defaults: Metrics;
  /** the weights in use before this run, when the student had their own */
  previous: Metrics | null;
  fitted: Metrics | null;
  /** what the student is scheduled with after this run */
  kept: 'fitted' | 'previous' | 'defaults';
  weights: number[] | null;
  error?: string;
}

/** Fits, compares and stores one student's weights. */
export async function optimizeStudent(
  { db, now: clock }: ServiceDeps,
  userId: string,
  previousWeights: number[] | null,
): Promise<StudentFit> {
  const now = clock();
  const rows = await studentLogs(db, userId);
  const items = fsrsItems(rows);
  const defaults = metrics(predict(rows, DEFAULT_WEIGHTS));
  const previous = previousWeights ? metrics(predict(rows, previousWeights)) : null;
  let weights: number[] | null = null;
  let error: string | undefined;
  try {
    const w = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 });
    if (isFsrsWeights(w)) weights = w;
    else error = `the optimiser returned ${(w as number[]).length} weights, not 21`;
  } catch (e) {
    error = (e as Error).message;
  }
  const fitted = weights ? metrics(predict(rows, weights)) : null;
  // the lowest log loss wins; a tie keeps the simpler choice (defaults, then what the student has)
  const candidates = [
    { kept: 'defaults' as const, m: defaults, w: null },
    ...(previous ? [{ kept: 'previous' as const, m: previous, w: previousWeights }] : []),
    ...(fitted ? [{ kept: 'fitted' as const, m: fitted, w: weights }] : []),
  ];
  const best = candidates.reduce((a, b) => (b.m.logLoss < a.m.logLoss ? b : a));
  if (best.kept === 'defaults') await db.delete(srsParameters).where(eq(srsParameters.userId, userId));
  else if (best.kept === 'fitted') {
    const values = {
      weights: weights!,
      reviews: rows.length,
      evaluated: fitted!.n,
      logLoss: fitted!.logLoss,
      rmseBins: fitted!.rmseBins,
      defaultLogLoss: defaults.logLoss,
      defaultRmseBins: defaults.rmseBins,
      fittedAt: now,
    };
    await db
      .insert(srsParameters)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: srsParameters.userId, set: values });
  }
  return {
    userId,
    reviews: rows.length,
    items: items.length,
    defaults,
    previous,
    fitted,
    kept: best.kept,
    weights: best.w,
    ...(error ? { error } : {}),
  };
}

export interface Optimization {
  /** students with logs, and those with enough to fit */
  students: number;
  eligible: number;
  fits: StudentFit[];
}

export async function optimizeStudents(
  deps: ServiceDeps,
  opts: { minReviews?: number; log?: (line: string) => void } = {},
): Promise<Optimization> {
  const { db } = deps;
  const min = opts.minReviews ?? MIN_REVIEWS;
  const [all, own] = await Promise.all([studentsWithLogs(db), storedWeights(db)]);
  const eligible = all.filter((s) => s.reviews >= min);
  const fits: StudentFit[] = [];
  for (const s of eligible) {
    const fit = await optimizeStudent(deps, s.userId, own.get(s.userId) ?? null);
    opts.log?.(formatFit(fit));
    fits.push(fit);
  }
  return { students: all.length, eligible: eligible.length, fits };
}

const f4 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(4));
export function formatFit(f: StudentFit): string {
  const m = (label: string, x: Metrics | null) => (x ? `${label} log loss ${f4(x.logLoss)}, RMSE(bins) ${f4(x.rmseBins)}` : '');
  return [
    `${f.userId}: ${f.reviews} reviews, ${f.items} training items; ${m('default', f.defaults)}`,
    f.previous ? `; ${m('previous own', f.previous)}` : '',
    f.fitted ? `; ${m('fitted', f.fitted)}` : `; no fit (${f.error ?? 'no result'})`,
    ` → scheduled with ${f.kept === 'fitted' ? 'the fitted weights' : f.kept === 'previous' ? 'their previous own weights' : 'the default weights'}`,
  ].join('');
}
