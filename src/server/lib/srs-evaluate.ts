import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ReviewSource, SrsItemKind } from '../../shared/srs';
import { studyDaysBetween } from '../../shared/study-day';
import { srsParameters, srsReviewLogs, users } from '../db/schema';
import { DEFAULT_WEIGHTS, metrics, predict, weightedMean, type Metrics, type ReviewLogRow } from './srs-metrics';
import { weightsOf } from './srs';

// `npm run srs:evaluate` (decision 076): the stored review logs scored against FSRS's predictions, for the
// default weights and for each student's own (srs:optimize). One student's logs are read at a time, in review order.

/** Students with review logs, and how many each has. */
export async function studentsWithLogs(db: Db, minReviews = 1): Promise<{ userId: string; reviews: number }[]> {
  const { rows } = await db.execute<{ user_id: string; reviews: number }>(sql`
    select ${srsReviewLogs.userId} as user_id, count(*)::int as reviews from ${srsReviewLogs}
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

/** Each student's own weights (srs:optimize). */
export async function storedWeights(db: Db): Promise<Map<string, number[]>> {
  const rows = await db.select({ userId: srsParameters.userId, weights: srsParameters.weights }).from(srsParameters);
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const w = weightsOf(r.weights);
    if (w) out.set(r.userId, w);
  }
  return out;
}

export interface StudentEvaluation {
  userId: string;
  /** review logs read */
  reviews: number;
  defaults: Metrics;
  /** with the student's own weights, when they have some */
  own: Metrics | null;
}

export interface Evaluation {
  /** review logs read, and the students they belong to */
  reviews: number;
  students: number;
  /** reviews scored (after at least a day) and the students with at least one */
  scoredStudents: number;
  /** all students, default weights (review-weighted means of each student's figures) */
  defaults: Metrics;
  /** the students with their own weights: the defaults and their own, on the same reviews */
  withOwn: { students: number; defaults: Metrics; own: Metrics };
  perStudent: StudentEvaluation[];
}

export async function evaluateStoredLogs(db: Db): Promise<Evaluation> {
  const [students, own] = await Promise.all([studentsWithLogs(db), storedWeights(db)]);
  const perStudent: StudentEvaluation[] = [];
  for (const s of students) {
    const rows = await studentLogs(db, s.userId);
    const w = own.get(s.userId);
    perStudent.push({
      userId: s.userId,
      reviews: s.reviews,
      defaults: metrics(predict(rows, DEFAULT_WEIGHTS)),
      own: w ? metrics(predict(rows, w)) : null,
    });
  }
  const owning = perStudent.filter((s) => s.own);
  return {
    reviews: perStudent.reduce((n, s) => n + s.reviews, 0),
    students: perStudent.length,
    scoredStudents: perStudent.filter((s) => s.defaults.n > 0).length,
    defaults: weightedMean(perStudent.map((s) => s.defaults)),
    withOwn: {
      students: owning.length,
      defaults: weightedMean(owning.map((s) => s.defaults)),
      own: weightedMean(owning.map((s) => s.own!)),
    },
    perStudent,
  };
}

const f4 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(4));
const line = (label: string, m: Metrics) =>
  `${label.padEnd(34)} ${String(m.n).padStart(9)}  ${f4(m.logLoss).padStart(8)}  ${f4(m.rmse).padStart(7)}  ${f4(m.rmseBins).padStart(10)}`;

/** What srs:evaluate prints. */
export function formatEvaluation(e: Evaluation): string {
  const out = [
    `srs:evaluate — FSRS-6 (ts-fsrs) predicted recall against the outcomes, scored as srs-benchmark scores it`,
    `${e.reviews} review logs of ${e.students} students read; scored: the ${e.defaults.n} reviews given at least a day after the card's previous one (${e.scoredStudents} students).`,
    `Figures are each student's, averaged weighted by their scored reviews.`,
    '',
    `${'weights'.padEnd(34)} ${'reviews'.padStart(9)}  ${'log loss'.padStart(8)}  ${'RMSE'.padStart(7)}  ${'RMSE(bins)'.padStart(10)}`,
    line('default (all students)', e.defaults),
  ];
  if (e.withOwn.students > 0) {
    out.push(line(`default (${e.withOwn.students} with their own)`, e.withOwn.defaults));
    out.push(line(`own (${e.withOwn.students} students)`, e.withOwn.own));
    out.push('', 'Students with their own weights:');
    for (const s of e.perStudent.filter((x) => x.own)) {
      out.push(line(`  ${s.userId} default`, s.defaults));
      out.push(line(`  ${s.userId} own`, s.own!));
    }
  } else out.push('No student has their own weights yet (npm run srs:optimize fits them at 1,000 reviews).');
  return out.join('\n');
}
