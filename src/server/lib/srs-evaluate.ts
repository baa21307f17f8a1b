import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { SRS_ITEM_KINDS, type ReviewSource, type SrsItemKind } from '../../shared/srs';
import { studyDaysBetween } from '../../shared/study-day';
import { srsParameters, srsQuestionParameters, srsReviewLogs, users } from '../db/schema';
import {
  benchmarkRows,
  DEFAULT_WEIGHTS,
  heldOut,
  metrics,
  predict,
  weightedMean,
  type BenchmarkRow,
  type Metrics,
  type ReviewLogRow,
} from './srs-metrics';
import { weightsOf } from './srs';

// `npm run srs:evaluate` (decisions 076 and 093): the stored review logs scored against FSRS's predictions held out, per
// preset, for the default weights, each student's own (srs:optimize) and fits on earlier reviews. One student's logs are
// read at a time, in review order.

/** Students with review logs, and how many each has. */
export async function studentsWithLogs(db: Db, minReviews = 1, kind?: SrsItemKind): Promise<{ userId: string; reviews: number }[]> {
  const { rows } = await db.execute<{ user_id: string; reviews: number }>(sql`
    select ${srsReviewLogs.userId} as user_id, count(*)::int as reviews from ${srsReviewLogs}
    ${kind ? sql`where ${srsReviewLogs.itemKind} = ${kind}` : sql``}
    group by ${srsReviewLogs.userId} having count(*) >= ${minReviews} order by ${srsReviewLogs.userId}`);
  return rows.map((r) => ({ userId: r.user_id, reviews: Number(r.reviews) }));
}

/**
 * One student's reviews in the order they were given (on the (user_id, reviewed_at) index), with the days between a card's
 * reviews counted on the student's study day (decision 090: their zone, from 4 am) from the review times — not the stored
 * `elapsed_days`, which logs written before that decision counted in UTC days: every log is read by the same rule. With
 * `kind`, only that kind's cards (each preset is fitted on its own, decision 091).
 */
export async function studentLogs(db: Db, userId: string, kind?: SrsItemKind): Promise<ReviewLogRow[]> {
  const [{ rows }, { rows: zone }] = await Promise.all([
    db.execute<{ item_kind: string; item_key: string; grade: number; reviewed_at: string | Date; source: string }>(sql`
      select item_kind, item_key, grade, reviewed_at, source from ${srsReviewLogs}
      where ${srsReviewLogs.userId} = ${userId} ${kind ? sql`and ${srsReviewLogs.itemKind} = ${kind}` : sql``}
      order by reviewed_at, id`),
    db.execute<{ time_zone: string | null }>(sql`select ${users.timeZone} as time_zone from ${users} where ${users.id} = ${userId}`),
  ]);
  const timeZone = zone[0]?.time_zone ?? 'UTC';
  const last = new Map<string, number>();
  return rows.map((r) => {
    const card = `${r.item_kind}:${r.item_key}`;
    const at = new Date(r.reviewed_at).getTime();
    const previous = last.get(card);
    last.set(card, at);
    return {
      card,
      grade: Number(r.grade),
      elapsedDays: previous === undefined ? 0 : Math.max(0, studyDaysBetween(previous, at, timeZone)),
      reviewedAt: at,
      source: r.source as ReviewSource,
    };
  });
}

/** Each student's own weights for a kind (srs:optimize). */
export async function storedWeights(db: Db, kind: SrsItemKind = 'flashcard'): Promise<Map<string, number[]>> {
  const table = kind === 'question' ? srsQuestionParameters : srsParameters;
  const rows = await db.select({ userId: table.userId, weights: table.weights }).from(table);
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const w = weightsOf(r.weights);
    if (w) out.set(r.userId, w);
  }
  return out;
}

export interface StudentEvaluation {
  userId: string;
  /** review logs of the kind read */
  reviews: number;
  /** held out (the time split's later reviews): the defaults */
  defaults: Metrics;
  /** the student's stored weights on the same reviews (fitted on all of them: not held out) */
  own: Metrics | null;
  /** fits made on each fold's earlier reviews, scored on its later ones (with `fit`) */
  fitted: Metrics | null;
}

export interface KindEvaluation {
  kind: SrsItemKind;
  reviews: number;
  students: number;
  /** all students, held out, default weights (review-weighted means of each student's figures) */
  defaults: Metrics;
  /** in sample, as before decision 093: every review after a day, default weights */
  inSample: Metrics;
  withOwn: { students: number; defaults: Metrics; own: Metrics };
  /** students scored with held-out fits (`fit` given) */
  withFits: { students: number; defaults: Metrics; fitted: Metrics } | null;
  perStudent: StudentEvaluation[];
}

export interface Evaluation {
  reviews: number;
  students: number;
  kinds: KindEvaluation[];
}

/** A held-out fit of one student's reviews (srs-optimize's heldOutFit; given by the command, which loads the optimiser). */
export type HeldOutFit = (logs: readonly ReviewLogRow[], rows: readonly BenchmarkRow[]) => Promise<Metrics>;

/**
 * srs:evaluate (decision 093): per preset, each student's reviews on srs-benchmark's time split — the defaults and the
 * student's stored weights on the later reviews, and with `fit` (for students with at least `minFit` reviews) what fits on
 * the earlier reviews score on the later ones. Exam logs are history, never scored.
 */
export async function evaluateStoredLogs(db: Db, opts: { fit?: HeldOutFit; minFit?: number } = {}): Promise<Evaluation> {
  const kinds: KindEvaluation[] = [];
  let reviews = 0;
  const everyone = new Set<string>();
  for (const kind of SRS_ITEM_KINDS) {
    const [students, own] = await Promise.all([studentsWithLogs(db, 1, kind), storedWeights(db, kind)]);
    const perStudent: StudentEvaluation[] = [];
    const inSample: Metrics[] = [];
    for (const s of students) {
      everyone.add(s.userId);
      const logs = await studentLogs(db, s.userId, kind);
      const rows = benchmarkRows(logs);
      const w = own.get(s.userId);
      inSample.push(metrics(predict(logs, DEFAULT_WEIGHTS)));
      perStudent.push({
        userId: s.userId,
        reviews: s.reviews,
        defaults: await heldOut(logs, rows, () => DEFAULT_WEIGHTS),
        own: w ? await heldOut(logs, rows, () => w) : null,
        fitted: opts.fit && s.reviews >= (opts.minFit ?? 1) ? await opts.fit(logs, rows) : null,
      });
    }
    reviews += perStudent.reduce((n, s) => n + s.reviews, 0);
    const owning = perStudent.filter((s) => s.own);
    const fitting = perStudent.filter((s) => s.fitted);
    kinds.push({
      kind,
      reviews: perStudent.reduce((n, s) => n + s.reviews, 0),
      students: perStudent.length,
      defaults: weightedMean(perStudent.map((s) => s.defaults)),
      inSample: weightedMean(inSample),
      withOwn: {
        students: owning.length,
        defaults: weightedMean(owning.map((s) => s.defaults)),
        own: weightedMean(owning.map((s) => s.own!)),
      },
      withFits: opts.fit
        ? {
            students: fitting.length,
            defaults: weightedMean(fitting.map((s) => s.defaults)),
            fitted: weightedMean(fitting.map((s) => s.fitted!)),
          }
        : null,
      perStudent,
    });
  }
  return { reviews, students: everyone.size, kinds };
}

const f4 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(4));
const line = (label: string, m: Metrics) =>
  `${label.padEnd(40)} ${String(m.n).padStart(9)}  ${f4(m.logLoss).padStart(8)}  ${f4(m.rmse).padStart(7)}  ${f4(m.rmseBins).padStart(10)}  ${f4(m.auc).padStart(6)}`;

/** What srs:evaluate prints. */
export function formatEvaluation(e: Evaluation): string {
  const out = [
    `srs:evaluate — FSRS-6 (ts-fsrs) predicted recall against the outcomes, scored as srs-benchmark scores it: held out`,
    `(its time split, 5 folds: each fold's later reviews, weights fitted on the earlier ones), its outlier filter; exam logs`,
    `are history only. ${e.reviews} review logs of ${e.students} students read. Figures are each student's, weighted by reviews.`,
  ];
  for (const k of e.kinds) {
    out.push(
      '',
      `${k.kind}s: ${k.reviews} reviews of ${k.students} students`,
      `${'weights'.padEnd(40)} ${'reviews'.padStart(9)}  ${'log loss'.padStart(8)}  ${'RMSE'.padStart(7)}  ${'RMSE(bins)'.padStart(10)}  ${'AUC'.padStart(6)}`,
      line('default, in sample (as before)', k.inSample),
      line('default, held out (all students)', k.defaults),
    );
    if (k.withFits && k.withFits.students > 0) {
      out.push(line(`default, held out (${k.withFits.students} fitted)`, k.withFits.defaults));
      out.push(line(`fitted on earlier, held out`, k.withFits.fitted));
    }
    if (k.withOwn.students > 0) {
      out.push(line(`default (${k.withOwn.students} with their own)`, k.withOwn.defaults));
      out.push(line(`own stored (fitted on all: in sample)`, k.withOwn.own));
    }
  }
  return out.join('\n');
}
