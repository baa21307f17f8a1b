// Readiness for every feature that shows it (the practice exam, progress, home): the passing standards and the NREMT results
// students have reported (decision 095). The exam stores the standard it is scored against; screens say which one it is and
// how many reported results stand behind it.
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import { examLimits, type ExamLimits } from '../../../shared/exam';
import {
  defaultStandardId,
  readinessBand,
  readinessVerdict,
  type ReadinessBand,
  type StandardMethod,
  type StandardSummary,
  type Verdict,
} from '../../../shared/readiness';
import type { AppDeps, ServiceDeps } from '../../deps';
import { standards } from '../../db/schema';
import { reportedResultsCount as countReportedResults } from './results';

type StandardRow = typeof standards.$inferSelect;

/** The level's exam limits (a short exam in tests when EXAM_TEST_LIMITS is set). */
export function examLimitsFor(deps: Pick<AppDeps, 'config'>, level: ContentLevel): ExamLimits {
  const t = deps.config.examTestLimits;
  return t ? { ...t, timeSource: 'EXAM_TEST_LIMITS (tests only)' } : examLimits(level);
}

const summaryOf = (row: StandardRow): StandardSummary => ({
  id: row.id,
  method: row.method as StandardMethod,
  cut: row.cut,
  adoptedAt: row.adoptedAt?.toISOString() ?? null,
});

/** A level's current standard: its latest adopted panel standard, else its default (the migration writes both defaults). */
export async function currentStandard(deps: Pick<ServiceDeps, 'db'>, level: ContentLevel): Promise<StandardSummary> {
  const db = deps.db;
  const [panel] = await db
    .select()
    .from(standards)
    .where(and(eq(standards.level, level), eq(standards.method, 'panel'), isNotNull(standards.adoptedAt)))
    .orderBy(desc(standards.adoptedAt))
    .limit(1);
  if (panel) return summaryOf(panel);
  const [fallback] = await db
    .select()
    .from(standards)
    .where(eq(standards.id, defaultStandardId(level)));
  if (!fallback) throw new Error(`The default standard of ${level} is missing (migration 0014 writes it).`);
  return summaryOf(fallback);
}

/**
 * The standards read so far, per database. A standard row is written once and never changed (a new standard is a new row:
 * migration 0014 writes the defaults, an adopted panel standard is inserted with its cut and date), and its summary holds
 * only those written-once fields, so it is kept for the process's life: the exam's answer path reads its standard on every
 * answer (docs/performance.md, "Statements per request").
 */
const standardCache = new WeakMap<object, Map<string, StandardSummary>>();

/** The standards with these ids (the ones a student's results were scored against). */
export async function standardsById(deps: Pick<ServiceDeps, 'db'>, ids: readonly string[]): Promise<Map<string, StandardSummary>> {
  let cache = standardCache.get(deps.db);
  if (!cache) standardCache.set(deps.db, (cache = new Map<string, StandardSummary>()));
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await deps.db.select().from(standards).where(inArray(standards.id, missing));
    for (const r of rows) cache.set(r.id, summaryOf(r));
  }
  return new Map(unique.filter((id) => cache.has(id)).map((id) => [id, cache.get(id)!]));
}

/** The NREMT results students have reported (or administrators imported) for a level (results.ts counts them). */
export function reportedResultsCount(deps: Pick<ServiceDeps, 'db'>, level: ContentLevel): Promise<number> {
  return countReportedResults({ db: deps.db }, level);
}

/**
 * What an ended exam tells the student, from its stored estimate and its standard: the verdict from the 95 % band and the
 * readiness score with its band. An exam that ran out of time before `minScored` scored items is "Not yet ready".
 */
export function examReadiness(
  exam: { theta: number | null; se: number | null; stopReason: string | null; scored: number | null },
  standard: Pick<StandardSummary, 'cut'>,
  minScored: number,
): { verdict: Verdict; readiness: ReadinessBand } {
  const estimate = { theta: exam.theta ?? 0, se: exam.se ?? 0 };
  const timedOutShort = exam.stopReason === 'time' && (exam.scored ?? 0) < minScored;
  return {
    verdict: readinessVerdict(estimate, standard.cut, { timedOutShort }),
    readiness: readinessBand(estimate, standard.cut),
  };
}

/** A standard and its evidence as the screens get it (contracts: standardInfo). */
export async function standardInfoOf(
  deps: Pick<ServiceDeps, 'db'>,
  standard: StandardSummary,
  level: ContentLevel,
): Promise<{ id: string; method: StandardMethod; adoptedAt: string | null; reportedResults: number }> {
  return {
    id: standard.id,
    method: standard.method,
    adoptedAt: standard.adoptedAt,
    reportedResults: await reportedResultsCount(deps, level),
  };
}
