import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';
import { EARLIEST_NREMT_DATE, isCalendarDate, MAX_NREMT_ATTEMPT, NREMT_RESULTS } from '../nremt-results';

// The NREMT results API's contract (decision 035): a student's own reports, and the administrators' list and CSV import.
// The rules of a report live in ../nremt-results.ts.

/** POST /api/nremt-results and PUT /api/nremt-results/:id: "How did your NREMT exam go?" */
export const nremtResultBody = z.strictObject({
  level: z.enum(CONTENT_LEVELS, 'Choose the exam you sat'),
  examDate: z
    .string('Enter the date of your exam')
    .trim()
    .min(1, 'Enter the date of your exam')
    .refine(isCalendarDate, 'Enter the date as a real day (YYYY-MM-DD)')
    .refine((d) => d >= EARLIEST_NREMT_DATE, 'Enter a date after 2000'),
  result: z.enum(NREMT_RESULTS, 'Choose passed or did not pass'),
  attempt: z
    .number('Choose which attempt this was')
    .int('Choose which attempt this was')
    .min(1, 'Choose which attempt this was')
    .max(MAX_NREMT_ATTEMPT, `The NREMT allows at most ${MAX_NREMT_ATTEMPT} attempts`),
});
export type NremtResultBody = z.input<typeof nremtResultBody>;

export const nremtResultView = z.strictObject({
  id: z.string(),
  level: z.enum(CONTENT_LEVELS),
  examDate: z.string(),
  result: z.enum(NREMT_RESULTS),
  attempt: z.number().int(),
  /** student: their own report; import: an administrator's; program: their instructor's (decision 112) */
  source: z.enum(['student', 'import', 'program']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NremtResultView = z.infer<typeof nremtResultView>;

/** GET /api/nremt-results: the student's own reports, newest sitting first. */
export const nremtResultListResponse = z.strictObject({ results: z.array(nremtResultView) });
export type NremtResultListResponse = z.infer<typeof nremtResultListResponse>;

/** POST (201) and PUT: the report as stored. */
export const nremtResultResponse = z.strictObject({ result: nremtResultView });
export type NremtResultResponse = z.infer<typeof nremtResultResponse>;

export const ADMIN_NREMT_PAGE_SIZE = 50;

/** GET /api/admin/nremt-results?level=&page= */
export const adminNremtQuery = z.object({
  level: z.union([z.literal(''), z.enum(CONTENT_LEVELS)]).default(''),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** GET /api/admin/nremt-results: every student's reports, newest sitting first, with whose they are. */
export const adminNremtListResponse = z.strictObject({
  results: z.array(nremtResultView.extend({ email: z.string(), name: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminNremtListResponse = z.infer<typeof adminNremtListResponse>;

/** A CSV of at most this many characters (about 4,000 rows); larger lists are imported in parts. */
export const NREMT_IMPORT_MAX_CHARS = 200_000;

/** POST /api/admin/nremt-results/import: a CSV with the columns email, level, date, result, attempt (header row first). */
export const nremtImportBody = z.strictObject({
  csv: z
    .string('Choose a CSV file')
    .min(1, 'The file is empty')
    .max(
      NREMT_IMPORT_MAX_CHARS,
      `The file is too large: import at most ${NREMT_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters at a time`,
    ),
  dryRun: z.boolean(),
});
export type NremtImportBody = z.infer<typeof nremtImportBody>;

export const NREMT_IMPORT_COLUMNS = ['email', 'level', 'date', 'result', 'attempt'] as const;

/** One data row of the file as read: its cells, the student it names, what importing it would do, and its problems. */
export const nremtImportRow = z.strictObject({
  /** the row's line in the file (the header is line 1) */
  line: z.number().int(),
  cells: z.strictObject({ email: z.string(), level: z.string(), date: z.string(), result: z.string(), attempt: z.string() }),
  match: z.strictObject({ userId: z.string(), name: z.string() }).nullable(),
  /** new: would be added; same: already recorded exactly so, left alone; error: see `errors` */
  status: z.enum(['new', 'same', 'error']),
  errors: z.array(z.strictObject({ field: z.string(), message: z.string() })),
});
export type NremtImportRow = z.infer<typeof nremtImportRow>;

/** The import's answer, for the dry run and the real one alike; a real run with any error answers 400 and writes nothing. */
export const nremtImportResponse = z.strictObject({
  dryRun: z.boolean(),
  rows: z.array(nremtImportRow),
  counts: z.strictObject({ rows: z.number().int(), new: z.number().int(), same: z.number().int(), errors: z.number().int() }),
  /** results added (0 for a dry run) */
  written: z.number().int(),
});
export type NremtImportResponse = z.infer<typeof nremtImportResponse>;
