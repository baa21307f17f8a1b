// The NREMT results CSV import (docs/decisions/098-nremt-results-reported-and-imported.md), for an administrator over every
// account and for an instructor over the students of one class (decision 112): the same reading, the same dry run, the
// same all-or-nothing write.
import { inArray, sql } from 'drizzle-orm';
import { CONTENT_LEVELS, type ContentLevel } from '../../../shared/constants';
import { NREMT_IMPORT_COLUMNS, type NremtImportResponse, type NremtImportRow } from '../../../shared/contracts/nremt-results';
import { parseCsv } from '../../../shared/csv';
import { ERROR_CODES } from '../../../shared/errors';
import { emailField } from '../../../shared/fields';
import {
  EARLIEST_NREMT_DATE,
  latestNremtDate,
  MAX_NREMT_ATTEMPT,
  NREMT_RESULT_LABELS,
  readResultCell,
  readDateCell,
  type NremtResult,
} from '../../../shared/nremt-results';
import type { Db } from '../../db/client';
import { nremtResults, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError } from '../../lib/http';

/**
 * Who may be named and how a written row is marked: every account (`import`, an administrator's), or only the current
 * students of one class at its level (`program`, an instructor's, recorded with the class).
 */
export type ImportScope =
  | { source: 'import' }
  | { source: 'program'; classId: string; className: string; level: ContentLevel; userIds: readonly string[]; recordedBy: string };

const displayName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
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
async function analyseImport(q: Db, csv: string, latest: string, scope: ImportScope): Promise<Analysed[]> {
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
  const inScope = scope.source === 'program' ? new Set(scope.userIds) : null;
  const byEmail = new Map(accounts.filter((a) => !inScope || inScope.has(a.id)).map((a) => [a.email.toLowerCase(), a]));
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
    else if (!account)
      errors.push({
        field: 'email',
        message: inScope ? 'No student of this class has this e-mail address' : 'No MedicPrep account has this e-mail address',
      });
    const level = CONTENT_LEVELS.find((l) => l.toLowerCase() === cells.level.toLowerCase());
    if (!level) errors.push({ field: 'level', message: `Level must be ${CONTENT_LEVELS.join(' or ')}` });
    else if (scope.source === 'program' && level !== scope.level)
      errors.push({ field: 'level', message: `This class is ${scope.level}: its results are ${scope.level} results` });
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
 * The CSV import. A dry run reports every row's match and problems and writes nothing; a real run
 * writes the new rows in one transaction, with its audit entry, and only when no row has a problem (otherwise it answers
 * 400 with each problem as an issue `rows.<line>.<column>`, and nothing is written). Rows already recorded exactly so
 * are left alone, so importing the same file twice adds nothing the second time.
 */
export async function importNremtResults(
  deps: { db: Db; now: () => Date },
  by: AuditBy,
  csv: string,
  dryRun: boolean,
  scope: ImportScope,
): Promise<NremtImportResponse> {
  const latest = latestNremtDate(deps.now());
  if (dryRun) return report(true, await analyseImport(deps.db, csv, latest, scope), 0);
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await analyseImport(tx, csv, latest, scope);
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
            source: scope.source,
            classId: scope.source === 'program' ? scope.classId : null,
            recordedBy: scope.source === 'program' ? scope.recordedBy : null,
            createdAt: at,
            updatedAt: at,
          })),
        );
      const out = report(false, rows, fresh.length);
      await recordAudit(tx, {
        action: 'nremt_result.import',
        ...by,
        target:
          scope.source === 'program'
            ? { type: 'class', id: scope.classId, label: `${scope.className}: ${fresh.length} NREMT results` }
            : { type: 'nremt_results', label: `${fresh.length} NREMT results` },
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
