import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';
import { DOMAIN_STANDINGS, STOP_REASONS } from '../exam';
import { answerSchema } from '../questions';
import { STANDARD_METHODS, VERDICTS } from '../readiness';
import { publicItem } from './questions';

// The practice exam's API contract (docs/product.md §10.6): /api/exam. Dates travel as ISO strings. The key of an item is
// never part of an item before it is answered; answers and keys come back only in the review, once the exam ended.

const isoDate = z.string();

/** An item as the student sees it during the exam: question practice's public item (nothing that tells the answer). */
export const examItem = publicItem;
export type ExamItem = z.infer<typeof examItem>;

export const examDomainResult = z.strictObject({
  domain: z.string(),
  /** null when the exam gave no scored item of this domain */
  standing: z.enum(DOMAIN_STANDINGS).nullable(),
  /** scored items of this domain */
  items: z.number().int(),
});

/** The readiness score and its 95 % band, to the nearest ten, 100..1500 with 950 at the standard (shared/readiness.ts). */
export const readinessBandSchema = z.strictObject({
  score: z.number().int().min(100).max(1500),
  low: z.number().int().min(100).max(1500),
  high: z.number().int().min(100).max(1500),
});

/**
 * The standard a result was scored against and the evidence behind it: how it was set (the default rule, or a panel
 * adopted on `adoptedAt`) and how many NREMT results students of the level have reported so far.
 */
export const standardInfo = z.strictObject({
  id: z.string(),
  method: z.enum(STANDARD_METHODS),
  adoptedAt: isoDate.nullable(),
  reportedResults: z.number().int().min(0),
});
export type StandardInfo = z.infer<typeof standardInfo>;

/**
 * The result, once the exam ended. No probability of passing: that needs a model checked against reported NREMT results
 * (decision 095).
 */
export const examResult = z.strictObject({
  /** the estimate's side of the standard (the NREMT's pass/fail rule); the screens show the verdict */
  passed: z.boolean(),
  /** where the score's 95 % band lies against the standard */
  verdict: z.enum(VERDICTS),
  readiness: readinessBandSchema,
  standard: standardInfo,
  stopReason: z.enum(STOP_REASONS),
  /** every item answered (scored and pilot) */
  answered: z.number().int(),
  scored: z.number().int(),
  timeSeconds: z.number().int(),
  domains: z.array(examDomainResult),
  /**
   * the topics of the items answered wrong, most missed first: "Retake what I missed" practises these topics (never the
   * exam's own items, which stay in the exam's reserve)
   */
  missedTopics: z.array(z.string()),
  endedAt: isoDate,
});
export type ExamResult = z.infer<typeof examResult>;

/** An exam as the client shows it: the current question while it runs, the result once it ended. */
export const examView = z.strictObject({
  id: z.uuid(),
  level: z.enum(CONTENT_LEVELS),
  startedAt: isoDate,
  deadline: isoDate,
  timeLimitSeconds: z.number().int(),
  /** false: the student chose an untimed exam (no clock shown; marked so in the result) */
  timed: z.boolean(),
  /** the server's clock when this was sent: the client's timer counts from it */
  serverNow: isoDate,
  status: z.enum(['in_progress', 'ended']),
  /** the question's number ("Question n"), while in progress */
  position: z.number().int().nullable(),
  item: examItem.nullable(),
  result: examResult.nullable(),
});
export type ExamView = z.infer<typeof examView>;

/** GET /api/exam/current: the unfinished exam to resume, if any. */
export const currentExamResponse = z.strictObject({ exam: examView.nullable() });
export type CurrentExamResponse = z.infer<typeof currentExamResponse>;

/**
 * GET /api/exam/availability?level=: whether the student's unseen items can fill a practice exam of the level (an exam
 * scores only items whose key the student has not seen); when not, the domains short of it, before the exam starts.
 */
export const examAvailabilityQuery = z.object({ level: z.enum(CONTENT_LEVELS).optional() });
export const examAvailabilityResponse = z.strictObject({
  level: z.enum(CONTENT_LEVELS),
  ready: z.boolean(),
  shortfall: z.array(z.strictObject({ domain: z.string(), needed: z.number().int(), available: z.number().int() })),
  /** when not ready, the words the start screen shows (the same as a refused start's) */
  message: z.string().nullable(),
});
export type ExamAvailabilityResponse = z.infer<typeof examAvailabilityResponse>;

/** POST /api/exam: begins an exam at a level of the student's course (default: their first), or resumes the unfinished one. */
export const startExamBody = z.strictObject({
  level: z.enum(CONTENT_LEVELS, { error: () => 'level must be EMT or Paramedic' }).optional(),
  /** false: untimed, no clock (decision 104); the realistic, timed exam when absent */
  timed: z.boolean({ error: () => 'timed must be true or false' }).optional(),
  /** a class assignment's practice exam (decision 111): its level and timing replace the ones sent */
  assignmentId: z.string().min(1).max(100).optional(),
});
export type StartExamBody = z.infer<typeof startExamBody>;

/** POST /api/exam/:id/answers: the answer to the question at `position`; `clientId` makes a retry count once. */
export const examAnswerBody = z.strictObject({
  position: z.number().int().min(1).max(1000),
  answer: answerSchema,
  timeMs: z.number().int().min(0).max(86_400_000),
  clientId: z.string().min(8).max(64),
});
export type ExamAnswerBody = z.infer<typeof examAnswerBody>;

/** One item of the review: the student's answer, the key and every option's rationale. */
export const examReviewItem = z.strictObject({
  position: z.number().int(),
  item: examItem,
  answer: answerSchema.nullable(),
  correct: z.boolean(),
  /** a technology-enhanced item: how many of its parts the answer got right (it is still scored right or wrong) */
  parts: z.strictObject({ right: z.number().int(), total: z.number().int() }).optional(),
  key: answerSchema,
  rationales: z.array(z.strictObject({ id: z.string(), rationale: z.string() })),
  reference: z.string(),
  /** answered wrong and put in the daily review; a missed item of the exam's own reserve never is (shown only here) */
  inReview: z.boolean(),
});
export type ExamReviewItem = z.infer<typeof examReviewItem>;

/** GET /api/exam/:id/review: every scored item, once the exam ended. */
export const examReviewResponse = z.strictObject({ id: z.uuid(), items: z.array(examReviewItem) });
export type ExamReviewResponse = z.infer<typeof examReviewResponse>;

/** GET /api/exam/history: the student's ended exams, oldest first (the progress chart). */
export const examHistoryResponse = z.strictObject({
  exams: z.array(
    z.strictObject({
      id: z.uuid(),
      level: z.enum(CONTENT_LEVELS),
      endedAt: isoDate,
      readiness: readinessBandSchema,
      verdict: z.enum(VERDICTS),
      passed: z.boolean(),
      scored: z.number().int(),
    }),
  ),
});
export type ExamHistoryResponse = z.infer<typeof examHistoryResponse>;
