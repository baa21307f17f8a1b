import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';
import { DOMAIN_STANDINGS } from '../exam';
import { isCalendarDate, NREMT_RESULTS } from '../nremt-results';
import { nremtResultBody } from './nremt-results';
import { VERDICTS } from '../readiness';
import { readinessBandSchema } from './exam';
import { AT_RISK_REASONS, MAX_CLASS_ACCESS_DAYS, MAX_CLASS_SEATS } from '../programs';

// The programs API's contract (decision 035): an instructor's classes, a student's join and leave. The rules live in
// ../programs.ts.

const day = (what: string) =>
  z.string(`Enter the ${what}`).trim().min(1, `Enter the ${what}`).refine(isCalendarDate, 'Enter the date as a real day (YYYY-MM-DD)');
const optionalDay = (what: string) =>
  z
    .string()
    .trim()
    .refine((d) => d === '' || isCalendarDate(d), `Enter the ${what} as a real day (YYYY-MM-DD)`)
    .transform((d) => (d === '' ? null : d))
    .nullable()
    .default(null);

/** POST /api/instructor/classes: a new class; its code is made by the server. */
export const createClassBody = z
  .strictObject({
    name: z.string('Enter the class name').trim().min(1, 'Enter the class name').max(100, 'The name is at most 100 characters'),
    level: z.enum(CONTENT_LEVELS, 'Choose EMT or Paramedic'),
    startDate: day('first day of the class'),
    endDate: day('last day of the class'),
    examWindowStart: optionalDay('first day of the exam window'),
    examWindowEnd: optionalDay('last day of the exam window'),
    seats: z
      .number('Seats must be a whole number')
      .int('Seats must be a whole number')
      .min(1, 'A class has at least 1 seat')
      .max(MAX_CLASS_SEATS, `A class has at most ${MAX_CLASS_SEATS} seats`),
    /** days of access the code grants on a student's first join; null: the code only joins */
    grantsAccessDays: z
      .number('Days must be a whole number')
      .int('Days must be a whole number')
      .min(1, 'Grant at least 1 day')
      .max(MAX_CLASS_ACCESS_DAYS, `Grant at most ${MAX_CLASS_ACCESS_DAYS} days`)
      .nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The class ends on or after its first day' });
    if (v.examWindowStart && v.examWindowEnd && v.examWindowEnd < v.examWindowStart)
      ctx.addIssue({ code: 'custom', path: ['examWindowEnd'], message: 'The exam window ends on or after its first day' });
  });
export type CreateClassBody = z.input<typeof createClassBody>;
export type CreateClassInput = z.output<typeof createClassBody>;

export const classView = z.strictObject({
  id: z.string(),
  name: z.string(),
  level: z.enum(CONTENT_LEVELS),
  startDate: z.string(),
  endDate: z.string(),
  examWindowStart: z.string().nullable(),
  examWindowEnd: z.string().nullable(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  /** the students in it now */
  members: z.number().int(),
  code: z.string(),
  grantsAccessDays: z.number().int().nullable(),
  instructorName: z.string(),
  createdAt: z.string(),
});
export type ClassView = z.infer<typeof classView>;

/** GET /api/instructor/classes: the classes the caller teaches (an administrator: every class), newest first. */
export const instructorClassesResponse = z.strictObject({ classes: z.array(classView) });
export type InstructorClassesResponse = z.infer<typeof instructorClassesResponse>;

/** POST /api/instructor/classes (201) */
export const classResponse = z.strictObject({ class: classView });
export type ClassResponse = z.infer<typeof classResponse>;

/** One student of the roster: only what the join screen said the instructor sees (src/shared/programs.ts). */
export const rosterStudent = z.strictObject({
  userId: z.string(),
  name: z.string(),
  /** null unless the student chose to show it */
  email: z.string().nullable(),
  joinedAt: z.string(),
  outcomesConsent: z.boolean(),
});
export type RosterStudent = z.infer<typeof rosterStudent>;

/** A student's study, as the dashboard shows it: the figures the join screen listed, never more precise than the student sees. */
export const studentStudy = z.strictObject({
  /** the last answer, review or exam item; null before any */
  lastActivityAt: z.string().nullable(),
  streak: z.number().int(),
  /** minutes on questions since Monday (UTC) */
  minutesThisWeek: z.number().int(),
  questionsAnswered: z.number().int(),
  /** cards and questions due for review now */
  reviewBacklog: z.number().int(),
  /** ended practice exams of the class's level */
  practiceExams: z.number().int(),
  /** the latest practice exam's verdict and readiness band, as the student's own result screen shows them */
  latest: z.strictObject({ verdict: z.enum(VERDICTS), readiness: readinessBandSchema, endedAt: z.string() }).nullable(),
  /** the class level's blueprint domains in order, each Above / Near / Below the standard (null before any answer) */
  domains: z.array(z.enum(DOMAIN_STANDINGS).nullable()),
  atRisk: z.array(z.strictObject({ reason: z.enum(AT_RISK_REASONS), text: z.string() })),
});
export type StudentStudy = z.infer<typeof studentStudy>;

/** GET /api/instructor/classes/:id: the class, its blueprint's domains, and its students now with their study. */
export const classDetailResponse = z.strictObject({
  class: classView,
  domains: z.array(z.string()),
  students: z.array(rosterStudent.extend({ study: studentStudy })),
  /** first attempts of the class's students in practice (never the exam's reserve): per topic, and the items missed most */
  missed: z.strictObject({
    topics: z.array(z.strictObject({ topic: z.string(), answered: z.number().int(), missed: z.number().int() })),
    items: z.array(
      z.strictObject({
        key: z.string(),
        topic: z.string(),
        domain: z.string(),
        stem: z.string(),
        answered: z.number().int(),
        missed: z.number().int(),
      }),
    ),
  }),
});
export type ClassDetailResponse = z.infer<typeof classDetailResponse>;

export const classCodeField = z
  .string('Enter a class code')
  .trim()
  .min(1, 'Enter a class code')
  .max(100, 'Codes are at most 100 characters');

/** GET /api/classes/preview?code= : what joining this class means, before the student joins. */
export const classPreviewQuery = z.object({ code: classCodeField });
export const classPreviewResponse = z.strictObject({
  preview: z.strictObject({
    name: z.string(),
    level: z.enum(CONTENT_LEVELS),
    instructorName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    examWindowStart: z.string().nullable(),
    examWindowEnd: z.string().nullable(),
    /** days of access joining grants (null: none; also null when the student's seat was taken before) */
    grantsAccessDays: z.number().int().nullable(),
    alreadyMember: z.boolean(),
  }),
});
export type ClassPreviewResponse = z.infer<typeof classPreviewResponse>;
export type ClassPreview = ClassPreviewResponse['preview'];

/** POST /api/classes/join */
export const joinClassBody = z.strictObject({
  code: classCodeField,
  emailVisible: z.boolean().default(false),
  outcomesConsent: z.boolean().default(false),
});
export type JoinClassBody = z.input<typeof joinClassBody>;

/** A class the student is in, as their profile lists it. */
export const myClassView = z.strictObject({
  classId: z.string(),
  name: z.string(),
  level: z.enum(CONTENT_LEVELS),
  instructorName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  joinedAt: z.string(),
  emailVisible: z.boolean(),
  outcomesConsent: z.boolean(),
});
export type MyClassView = z.infer<typeof myClassView>;

/** POST /api/classes/join (201): the membership, and the access end when the code granted days. */
export const joinClassResponse = z.strictObject({
  membership: myClassView,
  message: z.string(),
  /** the new end of access when the join granted days; null otherwise */
  expirationDate: z.string().nullable(),
});
export type JoinClassResponse = z.infer<typeof joinClassResponse>;

/** GET /api/classes: the classes the student is in now. */
export const myClassesResponse = z.strictObject({ classes: z.array(myClassView) });
export type MyClassesResponse = z.infer<typeof myClassesResponse>;

// ---------------------------------------------------------------------------------------------------
// NREMT outcomes of a class (decision 112)

const passRateSchema = z.strictObject({ passed: z.number().int(), of: z.number().int(), percent: z.number().int().nullable() });

/** One sitting as the class page shows it: the program's own entries, and the student's reports when they share them. */
export const classOutcome = z.strictObject({
  id: z.string(),
  examDate: z.string(),
  result: z.enum(NREMT_RESULTS),
  attempt: z.number().int(),
  /** student: self-reported; import: an administrator's import; program: this class's instructor */
  source: z.enum(['student', 'import', 'program']),
  /** the class's own entry: the instructor may remove it */
  editable: z.boolean(),
});
export type ClassOutcome = z.infer<typeof classOutcome>;

/** GET /api/instructor/classes/:id/outcomes */
export const classOutcomesResponse = z.strictObject({
  students: z.array(
    z.strictObject({
      userId: z.string(),
      name: z.string(),
      /** whether the student shares their own reports (and lets the program's entries feed MedicPrep's readiness check) */
      outcomesConsent: z.boolean(),
      results: z.array(classOutcome),
    }),
  ),
  rates: z.strictObject({ firstAttempt: passRateSchema, byThirdAttempt: passRateSchema }),
});
export type ClassOutcomesResponse = z.infer<typeof classOutcomesResponse>;

/** POST /api/instructor/classes/:id/outcomes: one sitting of a student of the class, at the class's level. */
export const recordOutcomeBody = nremtResultBody
  .omit({ level: true })
  .extend({ userId: z.string('Choose a student').min(1, 'Choose a student') });
export type RecordOutcomeBody = z.input<typeof recordOutcomeBody>;

/** POST /api/instructor/classes/:id/outcomes (201) */
export const classOutcomeResponse = z.strictObject({ outcome: classOutcome });
