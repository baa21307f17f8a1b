import { z } from 'zod';
import { ASSIGNMENT_KINDS, ASSIGNMENT_STATUSES } from '../assignments';
import { CONTENT_LEVELS, FLASHCARD_CATEGORIES } from '../constants';
import { isCalendarDate } from '../nremt-results';
import { QUESTION_COUNTS, QUESTION_MODES } from '../questions';
import { VERDICTS } from '../readiness';
import { readinessBandSchema } from './exam';

// Class assignments' contract (docs/decisions/111-class-assignments.md): what an instructor sets, and what each student
// has done of it. The rules live in ../assignments.ts.

export const assignmentSpec = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('questions'),
      domains: z.array(z.string().min(1).max(100)).max(20).default([]),
      topics: z
        .array(z.enum(FLASHCARD_CATEGORIES, { error: () => 'Unknown topic' }))
        .max(20)
        .default([]),
      count: z.literal(QUESTION_COUNTS, { error: () => `Choose ${QUESTION_COUNTS.join(', ')} questions` }),
      mode: z.enum(QUESTION_MODES, { error: () => 'Choose tutor or timed' }),
    }),
    z.strictObject({ kind: z.literal('flashcards'), category: z.enum(FLASHCARD_CATEGORIES, { error: () => 'Choose a category' }) }),
    z.strictObject({ kind: z.literal('scenario'), key: z.string('Choose a scenario').min(1, 'Choose a scenario').max(200) }),
    z.strictObject({ kind: z.literal('exam'), timed: z.boolean().default(true) }),
  ],
  { error: () => 'Choose what to assign' },
);

/** POST /api/instructor/classes/:id/assignments */
export const createAssignmentBody = z.strictObject({
  spec: assignmentSpec,
  dueDate: z
    .string('Enter the due date')
    .trim()
    .min(1, 'Enter the due date')
    .refine(isCalendarDate, 'Enter the date as a real day (YYYY-MM-DD)'),
  /** empty: the whole class, now and whoever joins later */
  studentIds: z.array(z.string().min(1).max(100)).max(500).default([]),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;
export type CreateAssignmentInput = z.infer<typeof createAssignmentBody>;

/** What a student has done of an assignment. `done`/`total` count questions, cards or nothing (a scenario, an exam). */
export const assignmentProgress = z.strictObject({
  status: z.enum(ASSIGNMENT_STATUSES),
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
  /** a question set's right answers, a deck's cards marked right, a scenario's score: whole percent; null otherwise */
  scorePercent: z.number().int().nullable(),
  /** a practice exam's verdict and band, as the student's own result screen shows them (never its items) */
  exam: z.strictObject({ verdict: z.enum(VERDICTS), readiness: readinessBandSchema }).nullable(),
  completedAt: z.string().nullable(),
  /** the practice session or exam started from it, to resume */
  startedId: z.string().nullable(),
});
export type AssignmentProgress = z.infer<typeof assignmentProgress>;

const assignmentBase = {
  id: z.string(),
  classId: z.string(),
  kind: z.enum(ASSIGNMENT_KINDS),
  level: z.enum(CONTENT_LEVELS),
  spec: assignmentSpec,
  title: z.string(),
  dueDate: z.string(),
  createdAt: z.string(),
};

/** One assignment as the student sees it (in GET /api/plan: home's card and the calendar). */
export const myAssignmentView = z.strictObject({ ...assignmentBase, className: z.string(), progress: assignmentProgress });
export type MyAssignmentView = z.infer<typeof myAssignmentView>;

/** One assignment as its instructor sees it: each student it is for, with what they have done. */
export const classAssignmentView = z.strictObject({
  ...assignmentBase,
  toAll: z.boolean(),
  students: z.array(z.strictObject({ userId: z.string(), name: z.string(), progress: assignmentProgress })),
});
export type ClassAssignmentView = z.infer<typeof classAssignmentView>;

/** GET /api/instructor/classes/:id/assignments: newest due first, and the scenarios of the class's level to choose from. */
export const classAssignmentsResponse = z.strictObject({
  assignments: z.array(classAssignmentView),
  scenarios: z.array(z.strictObject({ key: z.string(), title: z.string() })),
});
export type ClassAssignmentsResponse = z.infer<typeof classAssignmentsResponse>;

/** POST /api/instructor/classes/:id/assignments (201) */
export const classAssignmentResponse = z.strictObject({ assignment: classAssignmentView });
export type ClassAssignmentResponse = z.infer<typeof classAssignmentResponse>;
