import { sql } from 'drizzle-orm';
import { calibrateRasch } from '../../../shared/calibration';
import { CONTENT_LEVELS, type ContentLevel } from '../../../shared/constants';
import { CALIBRATION_MIN_RESPONSES, itemDifficulty } from '../../../shared/exam';
import type { ServiceDeps } from '../../deps';
import { itemCalibrations } from '../../db/schema';

export interface LevelCalibration {
  level: ContentLevel;
  responses: number;
  persons: number;
  extremePersons: number;
  estimated: number;
  /** items whose estimate the exam now uses (n ≥ CALIBRATION_MIN_RESPONSES) */
  inUse: number;
  extremeItems: number;
  meanB: number | null;
  sdB: number | null;
  /** Pearson correlation of the estimates with the authors' rating priors */
  ratingCorrelation: number | null;
  converged: boolean;
  iterations: number;
}

/**
 * `npm run items:calibrate`: re-estimates every item's Rasch difficulty from all stored responses (practice
 * attempts and exam answers, pilot items included; each student's first answer to an item, so that practice
 * on a seen item does not count), per level, anchored to the mean of the items' rating priors, and stores
 * each estimate with its standard error and sample size.
 */
export async function calibrateItems({ db, now: clock }: ServiceDeps): Promise<LevelCalibration[]> {
  const now = clock();
  const out: LevelCalibration[] = [];
  for (const level of CONTENT_LEVELS) {
    const { rows } = await db.execute<{ person: string; item: string; correct: boolean; difficulty: number }>(sql`
      with answers as (
        select a.user_id as person, a.item_key as item, a.correct, a.created_at as at from question_attempts a
        union all
        select e.user_id, ei.item_key, ei.correct, ei.answered_at from exam_items ei join exams e on e.id = ei.exam_id
        where ei.correct is not null
      ),
      firsts as (select distinct on (person, item) person, item, correct from answers order by person, item, at)
      select f.person, f.item, f.correct, i.difficulty from firsts f join question_items i on i.key = f.item
      where i.level = ${level}`);
    const rating = new Map(rows.map((r) => [r.item, Number(r.difficulty)]));
    const result = calibrateRasch(
      rows.map((r) => ({ person: r.person, item: r.item, correct: Boolean(r.correct) })),
      (items) => items.reduce((s, k) => s + itemDifficulty(rating.get(k)!), 0) / Math.max(1, items.length),
    );
    if (result.items.length)
      await db
        .insert(itemCalibrations)
        .values(result.items.map((e) => ({ itemKey: e.item, b: e.b, se: e.se, n: e.n, calibratedAt: now })))
        .onConflictDoUpdate({
          target: itemCalibrations.itemKey,
          set: { b: sql`excluded.b`, se: sql`excluded.se`, n: sql`excluded.n`, calibratedAt: sql`excluded.calibrated_at` },
        });
    const bs = result.items.map((e) => e.b);
    const priors = result.items.map((e) => itemDifficulty(rating.get(e.item)!));
    out.push({
      level,
      responses: rows.length,
      persons: result.persons,
      extremePersons: result.extremePersons,
      estimated: result.items.length,
      inUse: result.items.filter((e) => e.n >= CALIBRATION_MIN_RESPONSES).length,
      extremeItems: result.extremeItems.length,
      meanB: bs.length ? mean(bs) : null,
      sdB: bs.length > 1 ? Math.sqrt(mean(bs.map((b) => (b - mean(bs)) ** 2))) : null,
      ratingCorrelation: correlation(bs, priors),
      converged: result.converged,
      iterations: result.iterations,
    });
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function correlation(xs: number[], ys: number[]): number | null {
  if (xs.length < 3) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

/** The summary the command prints. */
export function calibrationSummary(levels: LevelCalibration[]): string[] {
  const f = (x: number | null, d = 2) => (x === null ? '—' : x.toFixed(d));
  return levels.flatMap((l) => [
    `${l.level}: ${l.responses} responses from ${l.persons} students (${l.extremePersons} left out: all right or all wrong)`,
    `  items estimated ${l.estimated}; in use by the exam (n ≥ ${CALIBRATION_MIN_RESPONSES}) ${l.inUse}; left out (all right or all wrong) ${l.extremeItems}`,
    `  difficulty mean ${f(l.meanB)}, SD ${f(l.sdB)}; correlation with the authors' ratings ${f(l.ratingCorrelation)}; ${l.converged ? 'converged' : 'NOT converged'} in ${l.iterations} iterations`,
  ]);
}
