// The rules of a reported NREMT result, shared by the student's form, the server and the administrators' CSV import
// (docs/decisions/098-nremt-results-reported-and-imported.md). Pure functions: no clock is read here, the caller passes
// today's date.

/** The NREMT allows six attempts at the cognitive exam. */
export const MAX_NREMT_ATTEMPT = 6;
export const NREMT_RESULTS = ['passed', 'failed'] as const;
export type NremtResult = (typeof NREMT_RESULTS)[number];
export const NREMT_RESULT_LABELS: Record<NremtResult, string> = { passed: 'Passed', failed: 'Did not pass' };
/** No sitting of today's NREMT cognitive exam is older than this. */
export const EARLIEST_NREMT_DATE = '2000-01-01';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `s` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]!;
  return d <= days;
}

/**
 * The latest exam date a report may carry, given the server's clock: the calendar day in the zone furthest ahead of UTC
 * (UTC+14), so a student who sat the exam today anywhere on Earth is never told their date is in the future.
 */
export function latestNremtDate(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whether to ask "How did your NREMT exam go?" unprompted: the student set an exam date (the study plan), that day has
 * passed, and nothing is reported for a sitting on or after it. /progress offers the form at any time regardless.
 */
export function shouldAskForNremtResult(examDate: string | null, today: string, reportedDates: readonly string[]): boolean {
  if (!examDate || !isCalendarDate(examDate) || examDate >= today) return false;
  return !reportedDates.some((d) => d >= examDate);
}

/** A CSV cell of the result column, read generously (spreadsheets say it many ways); null when it is none of them. */
export function readResultCell(raw: string): NremtResult | null {
  const v = raw.trim().toLowerCase();
  if (['passed', 'pass', 'p', 'yes', 'y', '1', 'true'].includes(v)) return 'passed';
  if (['failed', 'fail', 'f', 'did not pass', 'not passed', 'no', 'n', '0', 'false'].includes(v)) return 'failed';
  return null;
}

/** A CSV date cell: YYYY-MM-DD, or the US M/D/YYYY a spreadsheet exports; null when neither or not a real day. */
export function readDateCell(raw: string): string | null {
  const v = raw.trim();
  if (ISO_DATE.test(v)) return isCalendarDate(v) ? v : null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (!us) return null;
  const iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
