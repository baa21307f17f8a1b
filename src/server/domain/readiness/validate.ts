import { desc, eq, sql } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type { ValidationFigures, ValidationRun } from '../../../shared/contracts/readiness';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { readinessValidations } from '../../db/schema';
import { auc, brierScore, expectedCalibrationError, fitLogistic, predictLogistic, reliabilityBins, type LogisticModel } from './metrics';

// P(pass | the last practice exam's θ̂ and SE, the number of exams, the days from that exam to the sitting), fitted on
// reported NREMT results with a time split, and the gate that decides whether a student screen may show it
// (docs/decisions/099-readiness-validated-on-reported-results.md).

/** A student screen may show the fitted probability for a level only with this many results in the sample … */
export const MODEL_MIN_N = 200;
/** … and a held-out expected calibration error at most this. */
export const MODEL_MAX_ECE = 0.05;
/** The older share of the sittings the model is fitted on; the newer rest is scored. */
export const TRAIN_SHARE = 0.7;
/** Below these, no fit is attempted (the figures would say nothing). */
const MIN_TRAIN = 20;
const MIN_TEST = 10;

/** One reported sitting with what the student's practice exams said before it. */
export interface ReadinessSample {
  id: string;
  examDate: string;
  passed: boolean;
  /** the last practice exam ended before the sitting's day */
  theta: number;
  se: number;
  /** the engine's chance of passing on that exam, 0..1 */
  chance: number;
  /** practice exams of the level ended before the sitting's day */
  exams: number;
  days: number;
}

export type ReadinessFeatures = Pick<ReadinessSample, 'theta' | 'se' | 'exams' | 'days'>;
/** The model's inputs: the counts on a log scale (the fifth exam, or the sixtieth day, says less than the second). */
export const featureRow = (s: ReadinessFeatures) => [s.theta, s.se, Math.log1p(s.exams), Math.log1p(s.days)];

export interface ValidationResult {
  n: number;
  nTrain: number;
  nTest: number;
  model: LogisticModel | null;
  fitted: ValidationFigures | null;
  naive: ValidationFigures | null;
  usable: boolean;
}

/** The gate: enough reported results, and calibrated on the part the model never saw. */
export function modelUsable(r: { n: number; fitted: { ece: number } | null }): boolean {
  return r.n >= MODEL_MIN_N && r.fitted !== null && r.fitted.ece <= MODEL_MAX_ECE;
}

function figures(p: number[], y: number[]): ValidationFigures {
  const bins = reliabilityBins(p, y);
  return { brier: brierScore(p, y), ece: expectedCalibrationError(bins), auc: auc(p, y), bins };
}

/**
 * Splits the samples by time (sorted by sitting, then as given: the older TRAIN_SHARE fits, the newer rest is scored),
 * fits the model and scores it and the engine's own chance on the held-out part.
 */
export function validateSamples(samples: readonly ReadinessSample[]): ValidationResult {
  const sorted = samples.map((s, i) => [s, i] as const).sort((a, b) => a[0].examDate.localeCompare(b[0].examDate) || a[1] - b[1]);
  const ordered = sorted.map(([s]) => s);
  const n = ordered.length;
  const nTrain = Math.floor(n * TRAIN_SHARE);
  const train = ordered.slice(0, nTrain);
  const test = ordered.slice(nTrain);
  const y = (s: ReadinessSample) => (s.passed ? 1 : 0);
  const yTest = test.map(y);
  const naive = test.length
    ? figures(
        test.map((s) => s.chance),
        yTest,
      )
    : null;
  const bothOutcomes = train.some((s) => s.passed) && train.some((s) => !s.passed);
  if (train.length < MIN_TRAIN || test.length < MIN_TEST || !bothOutcomes)
    return { n, nTrain: train.length, nTest: test.length, model: null, fitted: null, naive, usable: false };
  const model = fitLogistic(train.map(featureRow), train.map(y));
  const fitted = figures(
    test.map((s) => predictLogistic(model, featureRow(s))),
    yTest,
  );
  const result = { n, nTrain: train.length, nTest: test.length, model, fitted, naive };
  return { ...result, usable: modelUsable(result) };
}

/**
 * Every reported result of a level that has a practice exam before it, with that exam's figures. "Before" is the
 * sitting's day in UTC: the practice exams ended earlier than its midnight.
 */
export async function readinessSamples({ db }: Pick<ServiceDeps, 'db'>, level: ContentLevel): Promise<ReadinessSample[]> {
  const rows = await db.execute<{
    id: string;
    exam_date: string;
    passed: boolean;
    theta: number;
    se: number;
    chance: number;
    exams: number;
    days: number;
  }>(sql`
    select r.id, r.exam_date::text as exam_date, r.passed, last.theta, last.se, last.chance, prior.exams,
      (r.exam_date - (last.ended_at at time zone 'UTC')::date)::int as days
    from nremt_results r
    cross join lateral (
      select e.theta, e.se, e.chance, e.ended_at from exams e
      where e.user_id = r.user_id and e.level = r.level and e.ended_at is not null and e.theta is not null and e.se is not null
        and e.ended_at < (r.exam_date::timestamp at time zone 'UTC')
      order by e.ended_at desc limit 1
    ) last
    cross join lateral (
      select count(*)::int as exams from exams e
      where e.user_id = r.user_id and e.level = r.level and e.ended_at is not null and e.theta is not null
        and e.ended_at < (r.exam_date::timestamp at time zone 'UTC')
    ) prior
    where r.level = ${level}
      -- a result a program recorded counts only with the consent the student gave when joining its class (decision 112)
      and (r.source <> 'program' or exists (
        select 1 from class_members m where m.class_id = r.class_id and m.user_id = r.user_id and m.outcomes_consent))
    order by r.exam_date, r.created_at, r.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    examDate: String(r.exam_date),
    passed: Boolean(r.passed),
    theta: Number(r.theta),
    se: Number(r.se),
    chance: Number(r.chance) / 100,
    exams: Number(r.exams),
    days: Number(r.days),
  }));
}

type StoredRow = typeof readinessValidations.$inferSelect;

function present(row: StoredRow): ValidationRun {
  const fig = (brier: number | null, ece: number | null, a: number | null, bins: unknown): ValidationFigures | null =>
    brier === null || ece === null ? null : { brier, ece, auc: a, bins: bins as ValidationFigures['bins'] };
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    n: row.n,
    nTrain: row.nTrain,
    nTest: row.nTest,
    fitted: fig(row.brier, row.ece, row.auc, row.bins),
    naive: fig(row.naiveBrier, row.naiveEce, row.naiveAuc, row.naiveBins),
    usable: row.usable,
  };
}

/** Validates one level on the results reported so far and stores the run (with the fitted model, for readinessModelFor). */
export async function runReadinessValidation(deps: { db: Db; now: () => Date }, level: ContentLevel): Promise<ValidationRun> {
  const r = validateSamples(await readinessSamples(deps, level));
  const [row] = await deps.db
    .insert(readinessValidations)
    .values({
      level,
      createdAt: deps.now(),
      n: r.n,
      nTrain: r.nTrain,
      nTest: r.nTest,
      brier: r.fitted?.brier ?? null,
      ece: r.fitted?.ece ?? null,
      auc: r.fitted?.auc ?? null,
      naiveBrier: r.naive?.brier ?? null,
      naiveEce: r.naive?.ece ?? null,
      naiveAuc: r.naive?.auc ?? null,
      model: r.model,
      bins: r.fitted?.bins ?? [],
      naiveBins: r.naive?.bins ?? [],
      usable: r.usable,
    })
    .returning();
  return present(row!);
}

async function latestRow(db: Db, level: ContentLevel): Promise<StoredRow | null> {
  const [row] = await db
    .select()
    .from(readinessValidations)
    .where(eq(readinessValidations.level, level))
    .orderBy(desc(readinessValidations.createdAt), desc(readinessValidations.id))
    .limit(1);
  return row ?? null;
}

/** The level's latest validation run, or null before the first. */
export async function latestValidation(deps: { db: Db }, level: ContentLevel): Promise<ValidationRun | null> {
  const row = await latestRow(deps.db, level);
  return row ? present(row) : null;
}

/** A pass model a student screen may show, with the evidence it rests on. */
export interface ReadinessModel {
  level: ContentLevel;
  /** reported results it was validated on: the screen says "based on N reported NREMT results" */
  n: number;
  /** held-out expected calibration error */
  ece: number;
  validatedAt: string;
  /** P(pass at the NREMT), 0..1 */
  predict: (input: ReadinessFeatures) => number;
}

/**
 * The fitted pass model for a level when its latest validation opened the gate (N ≥ MODEL_MIN_N, held-out ECE ≤
 * MODEL_MAX_ECE); null until then, and the result screen shows its verdict bands instead.
 */
export async function readinessModelFor(deps: { db: Db }, level: ContentLevel): Promise<ReadinessModel | null> {
  const row = await latestRow(deps.db, level);
  if (!row || !row.model || row.ece === null) return null;
  const run = present(row);
  if (!modelUsable(run)) return null;
  const model = row.model as LogisticModel;
  return {
    level,
    n: row.n,
    ece: row.ece,
    validatedAt: row.createdAt.toISOString(),
    predict: (input) => predictLogistic(model, featureRow(input)),
  };
}
