import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONTENT_LEVELS, type ContentLevel } from '../../../shared/constants';
import {
  ADMIN_NREMT_PAGE_SIZE,
  NREMT_IMPORT_COLUMNS,
  type AdminNremtListResponse,
  type NremtImportResponse,
  type NremtImportRow,
  type NremtResultView,
  type nremtResultBody,
} from '../../../shared/contracts/nremt-results';
import { ERROR_CODES } from '../../../shared/errors';
import { emailField } from '../../../shared/fields';
import {
  EARLIEST_NREMT_DATE,
  latestNremtDate,
  MAX_NREMT_ATTEMPT,
  NREMT_RESULT_LABELS,
  readDateCell,
  readResultCell,
  type NremtResult,
} from '../../../shared/nremt-results';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { nremtResults, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';
import { parseCsv } from './csv';

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
  source: r.source === 'import' ? 'import' : 'student',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const FUTURE_MESSAGE = 'The exam date cannot be in the future';
const gone = () => notFound('This result no longer exists.');

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

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

type Cells = NremtImportRow['cells'];
interface Analysed extends NremtImportRow {
  value: { userId: string; level: ContentLevel; examDate: string; result: NremtResult; attempt: number } | null;
}

const importRejected = (message: string, issues?: { path: string; message: string }[]) =>
  new HttpError(400, ERROR_CODES.validation, message, issues ?? [{ path: 'csv', message }]);

/**
 * Reads the file and judges every row against the accounts and the results already recorded, with `q` (the transaction
 * of a real import, so what is judged is what is written).
 */
async function analyseImport(q: Db, csv: string, latest: string): Promise<Analysed[]> {
  const records = parseCsv(csv);
  const header = records.shift();
  if (!header) throw importRejected('The file is empty');
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const missing = NREMT_IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length)
    throw importRejected(`The first line must name the columns ${NREMT_IMPORT_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`);
  const at = Object.fromEntries(NREMT_IMPORT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<keyof Cells, number>;
  const rows = records.map((r) => {
    const cells = Object.fromEntries(NREMT_IMPORT_COLUMNS.map((c) => [c, (r.cells[at[c]] ?? '').trim()])) as Cells;
    return { line: r.line, cells };
  });
  const emails = [...new Set(rows.map((r) => r.cells.email.toLowerCase()).filter(Boolean))];
  const accounts = emails.length
    ? await q
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(sql<string>`lower(${users.email})`, emails))
    : [];
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const recorded = accounts.length
    ? await q
        .select()
        .from(nremtResults)
        .where(
          inArray(
            nremtResults.userId,
            accounts.map((a) => a.id),
          ),
        )
    : [];
  const key = (userId: string, level: string, attempt: number) => `${userId} ${level} ${attempt}`;
  const existing = new Map(recorded.map((r) => [key(r.userId, r.level, r.attempt), r]));
  const inFile = new Map<string, number>();

  return rows.map(({ line, cells }): Analysed => {
    const errors: { field: string; message: string }[] = [];
    const email = emailField.safeParse(cells.email);
    const account = email.success ? byEmail.get(email.data.toLowerCase()) : undefined;
    if (!email.success) errors.push({ field: 'email', message: email.error.issues[0]!.message });
    else if (!account) errors.push({ field: 'email', message: 'No MedicPrep account has this e-mail address' });
    const level = CONTENT_LEVELS.find((l) => l.toLowerCase() === cells.level.toLowerCase());
    if (!level) errors.push({ field: 'level', message: `Level must be ${CONTENT_LEVELS.join(' or ')}` });
    const examDate = readDateCell(cells.date);
    if (!examDate) errors.push({ field: 'date', message: 'Date must be a real day, as YYYY-MM-DD or MM/DD/YYYY' });
    else if (examDate < EARLIEST_NREMT_DATE) errors.push({ field: 'date', message: 'Date must be after 2000' });
    else if (examDate > latest) errors.push({ field: 'date', message: 'Date is in the future' });
    const result = readResultCell(cells.result);
    if (!result) errors.push({ field: 'result', message: 'Result must be passed or failed' });
    const attempt = /^\d+$/.test(cells.attempt) ? Number(cells.attempt) : NaN;
    if (!(attempt >= 1 && attempt <= MAX_NREMT_ATTEMPT))
      errors.push({ field: 'attempt', message: `Attempt must be a whole number from 1 to ${MAX_NREMT_ATTEMPT}` });
    const match = account ? { userId: account.id, name: displayName(account) } : null;
    if (errors.length || !account || !level || !examDate || !result) return { line, cells, match, status: 'error', errors, value: null };

    const k = key(account.id, level, attempt);
    const earlier = inFile.get(k);
    if (earlier !== undefined)
      return {
        line,
        cells,
        match,
        status: 'error',
        errors: [{ field: 'attempt', message: `Line ${earlier} already gives attempt ${attempt} at ${level} for this student` }],
        value: null,
      };
    inFile.set(k, line);
    const value = { userId: account.id, level, examDate, result, attempt };
    const old = existing.get(k);
    if (!old) return { line, cells, match, status: 'new', errors: [], value };
    if (old.examDate === examDate && old.passed === (result === 'passed')) return { line, cells, match, status: 'same', errors: [], value };
    return {
      line,
      cells,
      match,
      status: 'error',
      errors: [
        {
          field: 'attempt',
          message: `Attempt ${attempt} at ${level} is already recorded as ${old.examDate}, ${NREMT_RESULT_LABELS[old.passed ? 'passed' : 'failed'].toLowerCase()}`,
        },
      ],
      value: null,
    };
  });
}

function report(dryRun: boolean, rows: Analysed[], written: number): NremtImportResponse {
  return {
    dryRun,
    rows: rows.map(({ value: _value, ...row }) => row),
    counts: {
      rows: rows.length,
      new: rows.filter((r) => r.status === 'new').length,
      same: rows.filter((r) => r.status === 'same').length,
      errors: rows.filter((r) => r.status === 'error').length,
    },
    written,
  };
}

/**
 * The administrators' CSV import. A dry run reports every row's match and problems and writes nothing; a real run
 * writes the new rows in one transaction, with its audit entry, and only when no row has a problem (otherwise it answers
 * 400 with each problem as an issue `rows.<line>.<column>`, and nothing is written). Rows already recorded exactly so
 * are left alone, so importing the same file twice adds nothing the second time.
 */
export async function importResults(deps: NremtDeps, by: AuditBy, csv: string, dryRun: boolean): Promise<NremtImportResponse> {
  const latest = latestNremtDate(deps.now());
  if (dryRun) return report(true, await analyseImport(deps.db, csv, latest), 0);
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await analyseImport(tx, csv, latest);
      const bad = rows.filter((r) => r.status === 'error');
      if (bad.length)
        throw importRejected(
          `Nothing was imported: ${bad.length} ${bad.length === 1 ? 'row has' : 'rows have'} problems. Check the file again.`,
          bad.flatMap((r) => r.errors.map((e) => ({ path: `rows.${r.line}.${e.field}`, message: e.message }))),
        );
      const fresh = rows.filter((r) => r.status === 'new').map((r) => r.value!);
      const at = deps.now();
      for (let i = 0; i < fresh.length; i += 1000)
        await tx.insert(nremtResults).values(
          fresh.slice(i, i + 1000).map((v) => ({
            userId: v.userId,
            level: v.level,
            examDate: v.examDate,
            passed: v.result === 'passed',
            attempt: v.attempt,
            source: 'import',
            createdAt: at,
            updatedAt: at,
          })),
        );
      const out = report(false, rows, fresh.length);
      await recordAudit(tx, {
        action: 'nremt_result.import',
        ...by,
        target: { type: 'nremt_results', label: `${fresh.length} NREMT results` },
        after: { ...out.counts, written: fresh.length, students: new Set(fresh.map((v) => v.userId)).size },
      });
      return out;
    });
  } catch (e) {
    // a student reported the same attempt while the import ran: the whole import is refused, as for any other problem
    if (isUniqueViolation(e)) throw importRejected('Results changed while importing: nothing was imported. Check the file again.');
    throw e;
  }
}
