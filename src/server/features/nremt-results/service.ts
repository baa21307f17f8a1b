import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import {
  ADMIN_NREMT_PAGE_SIZE,
  type AdminNremtListResponse,
  type NremtImportResponse,
  type NremtResultView,
  type nremtResultBody,
} from '../../../shared/contracts/nremt-results';
import { ERROR_CODES } from '../../../shared/errors';
import { latestNremtDate } from '../../../shared/nremt-results';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nremtResults, users } from '../../db/schema';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';
import { importNremtResults, isUniqueViolation } from '../../domain/readiness/import';

/** What the service needs: the database and the clock that "in the future" is judged by. */
export interface NremtDeps {
  db: Db;
  now: () => Date;
}
type Body = z.output<typeof nremtResultBody>;
type Row = typeof nremtResults.$inferSelect;

const present = (r: Row): NremtResultView => ({
  id: r.id,
  level: r.level as ContentLevel,
  examDate: r.examDate,
  result: r.passed ? 'passed' : 'failed',
  attempt: r.attempt,
  source: r.source === 'import' || r.source === 'program' ? r.source : 'student',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const FUTURE_MESSAGE = 'The exam date cannot be in the future';
const gone = () => notFound('This result no longer exists.');

const attemptTaken = (b: Body) =>
  new HttpError(409, ERROR_CODES.conflict, `You already reported attempt ${b.attempt} at the ${b.level} exam: edit that report instead.`, [
    { path: 'attempt', message: `Attempt ${b.attempt} at the ${b.level} exam is already reported` },
  ]);

function refuseFuture(deps: NremtDeps, b: Body) {
  if (b.examDate > latestNremtDate(deps.now()))
    throw new HttpError(400, ERROR_CODES.validation, FUTURE_MESSAGE, [{ path: 'examDate', message: FUTURE_MESSAGE }]);
}

/** The student's own reports, newest sitting first. */
export async function listOwnResults(deps: NremtDeps, userId: string): Promise<NremtResultView[]> {
  const rows = await deps.db
    .select()
    .from(nremtResults)
    .where(eq(nremtResults.userId, userId))
    .orderBy(desc(nremtResults.examDate), desc(nremtResults.attempt));
  return rows.map(present);
}

export async function createOwnResult(deps: NremtDeps, userId: string, b: Body): Promise<NremtResultView> {
  refuseFuture(deps, b);
  const at = deps.now();
  try {
    const [row] = await deps.db
      .insert(nremtResults)
      .values({
        userId,
        level: b.level,
        examDate: b.examDate,
        passed: b.result === 'passed',
        attempt: b.attempt,
        source: 'student',
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    return present(row!);
  } catch (e) {
    if (isUniqueViolation(e)) throw attemptTaken(b);
    throw e;
  }
}

/** Edits one of the student's own reports; another student's id answers as if it did not exist. */
export async function updateOwnResult(deps: NremtDeps, userId: string, id: string, b: Body): Promise<NremtResultView> {
  refuseFuture(deps, b);
  try {
    const [row] = await deps.db
      .update(nremtResults)
      .set({ level: b.level, examDate: b.examDate, passed: b.result === 'passed', attempt: b.attempt, updatedAt: deps.now() })
      .where(and(eq(nremtResults.id, id), eq(nremtResults.userId, userId)))
      .returning();
    if (!row) throw gone();
    return present(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw attemptTaken(b);
    throw e;
  }
}

export async function deleteOwnResult(deps: NremtDeps, userId: string, id: string): Promise<void> {
  const rows = await deps.db
    .delete(nremtResults)
    .where(and(eq(nremtResults.id, id), eq(nremtResults.userId, userId)))
    .returning({ id: nremtResults.id });
  if (rows.length === 0) throw gone();
}

const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/** Every student's reports (administrators), newest sitting first. */
export async function listAllResults(deps: NremtDeps, q: { level: ContentLevel | ''; page: number }): Promise<AdminNremtListResponse> {
  const where = q.level ? eq(nremtResults.level, q.level) : undefined;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ r: nremtResults, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(nremtResults)
      .innerJoin(users, eq(users.id, nremtResults.userId))
      .where(where)
      .orderBy(desc(nremtResults.examDate), asc(users.email), asc(nremtResults.attempt))
      .limit(ADMIN_NREMT_PAGE_SIZE)
      .offset(q.page * ADMIN_NREMT_PAGE_SIZE),
    deps.db.select({ n: count() }).from(nremtResults).where(where),
  ]);
  return {
    results: rows.map((x) => ({ ...present(x.r), email: x.email, name: displayName(x) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: ADMIN_NREMT_PAGE_SIZE,
  };
}

/**
 * The administrators' CSV import over every account (the import itself: src/server/domain/readiness/import.ts). A dry run
 * writes nothing; a real one writes every new row or none.
 */
export function importResults(deps: NremtDeps, by: AuditBy, csv: string, dryRun: boolean): Promise<NremtImportResponse> {
  return importNremtResults(deps, by, csv, dryRun, { source: 'import' });
}
