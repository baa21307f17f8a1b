import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { eq } from 'drizzle-orm';
import { isFsrsWeights, SRS_ITEM_KINDS, type SrsItemKind } from '../../shared/srs';
import type { ServiceDeps } from '../deps';
import { srsParameters, srsQuestionParameters } from '../db/schema';
import { studentLogs, studentsWithLogs } from './srs-evaluate';
import { benchmarkRows, DEFAULT_WEIGHTS, heldOut, type BenchmarkRow, type Metrics, type ReviewLogRow } from './srs-metrics';

// `npm run srs:optimize` (decisions 076 and 093): per-student FSRS weights fitted with the FSRS optimiser (fsrs-rs, through
// @open-spaced-repetition/binding) on each student's review logs of one preset (flashcards, questions: decision 091), for
// students with at least MIN_REVIEWS reviews of it. A fit is kept only when fits made the same way predict that student's
// later reviews better (log loss) than the defaults, on srs-benchmark's time split; the scheduler then uses it
// (src/server/lib/srs.ts reads the kind's weights with the card).

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

/** The optimiser's training items for benchmark rows: each row's history and itself. */
export function rowItems(rows: readonly BenchmarkRow[]): FSRSBindingItem[] {
  return rows.map(
    (r) => new FSRSBindingItem([...r.history, { rating: r.grade, deltaT: r.deltaT }].map((x) => new FSRSBindingReview(x.rating, x.deltaT))),
  );
}

/** Weights fitted by fsrs-rs on `rows` (null, with the reason, when it cannot: too few, or not 21 weights). */
export async function fit(rows: readonly BenchmarkRow[]): Promise<{ weights: number[] | null; error?: string }> {
  if (rows.length === 0) return { weights: null, error: 'no reviews to fit on' };
  try {
    const w = await computeParameters(rowItems(rows), { enableShortTerm: true, numRelearningSteps: 1 });
    if (isFsrsWeights(w)) return { weights: w };
    return { weights: null, error: `the optimiser returned ${(w as number[]).length} weights, not 21` };
  } catch (e) {
    return { weights: null, error: (e as Error).message };
  }
}

/**
 * A fit scored held out (decision 093): on each fold of the time split, weights fitted on the earlier rows predict the
 * later ones (the defaults when a fold's earlier rows cannot be fitted, as srs-benchmark does).
 */
export const heldOutFit = (logs: readonly ReviewLogRow[], rows: readonly BenchmarkRow[]) =>
  heldOut(logs, rows, async (train) => (await fit(train)).weights ?? DEFAULT_WEIGHTS);

export interface StudentFit {
  userId: string;
  kind: SrsItemKind;
  reviews: number;
  /** srs-benchmark's rows (reviews after at least a day, outliers and exam logs out) */
  items: number;
  /** held out: the defaults and the per-fold fits on the same later reviews */
  defaults: Metrics;
  fitted: Metrics | null;
  /** what the student is scheduled with after this run */
  kept: 'fitted' | 'defaults';
  weights: number[] | null;
  error?: string;
}

/**
 * Fits one student's weights for one kind's preset on all their rows, and keeps them only if fits made the same way beat
 * the defaults held out: log loss on the time split's later reviews, each fold fitted on its earlier ones (decision 093).
 */
export async function optimizeStudent(
  { db, now: clock }: ServiceDeps,
  userId: string,
  kind: SrsItemKind = 'flashcard',
): Promise<StudentFit> {
  const now = clock();
  const logs = await studentLogs(db, userId, kind);
  const rows = benchmarkRows(logs);
  const defaults = await heldOut(logs, rows, () => DEFAULT_WEIGHTS);
  const fitted = defaults.n > 0 ? await heldOutFit(logs, rows) : null;
  const all = await fit(rows);
  const better = all.weights !== null && fitted !== null && fitted.logLoss < defaults.logLoss;
  const table = kind === 'question' ? srsQuestionParameters : srsParameters;
  if (!better) await db.delete(table).where(eq(table.userId, userId));
  else {
    const values = {
      weights: all.weights!,
      reviews: logs.length,
      evaluated: fitted.n,
      logLoss: fitted.logLoss,
      rmseBins: fitted.rmseBins,
      defaultLogLoss: defaults.logLoss,
      defaultRmseBins: defaults.rmseBins,
      fittedAt: now,
    };
    await db
      .insert(table)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: table.userId, set: values });
  }
  return {
    userId,
    kind,
    reviews: logs.length,
    items: rows.length,
    defaults,
    fitted,
    kept: better ? 'fitted' : 'defaults',
    weights: better ? all.weights : null,
    ...(all.error ? { error: all.error } : defaults.n === 0 ? { error: 'too few reviews after a day for a time split' } : {}),
  };
}

export interface Optimization {
  /** students with logs, and those with enough of a kind to fit */
  students: number;
  eligible: number;
  fits: StudentFit[];
}

/** Each preset fitted apart (decision 091): a student's flashcards, then their questions, each once it has MIN_REVIEWS. */
export async function optimizeStudents(
  deps: ServiceDeps,
  opts: { minReviews?: number; log?: (line: string) => void } = {},
): Promise<Optimization> {
  const { db } = deps;
  const min = opts.minReviews ?? MIN_REVIEWS;
  const all = await studentsWithLogs(db);
  const fits: StudentFit[] = [];
  const eligible = new Set<string>();
  for (const kind of SRS_ITEM_KINDS)
    for (const s of await studentsWithLogs(db, min, kind)) {
      eligible.add(s.userId);
      const f = await optimizeStudent(deps, s.userId, kind);
      opts.log?.(formatFit(f));
      fits.push(f);
    }
  return { students: all.length, eligible: eligible.size, fits };
}

const f4 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(4));
export function formatFit(f: StudentFit): string {
  const m = (label: string, x: Metrics | null) =>
    x ? `${label} log loss ${f4(x.logLoss)}, RMSE(bins) ${f4(x.rmseBins)}, AUC ${f4(x.auc)}` : '';
  return [
    `${f.userId} (${f.kind}s): ${f.reviews} reviews, ${f.items} rows; held out on ${f.defaults.n} later reviews: ${m('default', f.defaults)}`,
    f.fitted ? `; ${m('fitted', f.fitted)}` : `; no fit (${f.error ?? 'no result'})`,
    ` → scheduled with ${f.kept === 'fitted' ? 'the fitted weights' : 'the default weights'}`,
  ].join('');
}
