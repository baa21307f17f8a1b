import { z } from 'zod';
import { CONTENT_LEVELS, FLASHCARD_CATEGORIES } from '../constants';
import {
  answerSchema,
  QUESTION_COUNTS,
  QUESTION_FILTERS,
  QUESTION_MODES,
  QUESTION_TYPES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
} from '../questions';

// Question practice's API contract: /api/questions and the admin's /api/admin/content (docs/api.md). Every response is a
// strict schema, checked against the real server in tests/api/contracts.test.ts; the client takes its types from here.

const isoDate = z.string();

/** A case set's shared presentation, with its updates revealed up to this item (each before the item of that case_order). */
export const caseView = z.strictObject({ key: z.string(), title: z.string(), presentation: z.string(), update: z.string().optional() });
export type CaseView = z.infer<typeof caseView>;

/** An item as a student receives it before answering: nothing that tells the answer (no key, position, category, rationale). */
export const publicItem = z.strictObject({
  key: z.string(),
  type: z.enum(QUESTION_TYPES),
  domain: z.string(),
  topic: z.string(),
  pediatric: z.boolean(),
  stem: z.string(),
  /** in the session's shuffled order; ids are opaque per session */
  options: z.array(z.strictObject({ id: z.string(), text: z.string() })),
  /** options_table columns / drag_drop zones */
  categories: z.array(z.string()).optional(),
  /** multiple: how many to select */
  selectCount: z.number().int().optional(),
  /** URL of the image (/media/...) */
  image: z.string().optional(),
  case: caseView.optional(),
  flagged: z.boolean(),
});
export type PublicItem = z.infer<typeof publicItem>;

export const feedback = z.strictObject({
  correct: z.boolean(),
  /** a technology-enhanced item: how many of its parts the answer got right (it is still scored right or wrong) */
  parts: z.strictObject({ right: z.number().int(), total: z.number().int() }).optional(),
  /** the keyed answer, in the item's answer shape */
  key: answerSchema,
  /** every option's rationale, by id */
  options: z.array(z.strictObject({ id: z.string(), rationale: z.string() })),
  reference: z.string(),
});
export type Feedback = z.infer<typeof feedback>;

export const sessionAnswer = z.strictObject({
  answer: answerSchema,
  /** tutor mode, or once the session is completed */
  correct: z.boolean().optional(),
  feedback: feedback.optional(),
});
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const resultItem = z.strictObject({
  key: z.string(),
  stem: z.string(),
  type: z.enum(QUESTION_TYPES),
  /** null: not answered (counted wrong) */
  answer: answerSchema.nullable(),
  correct: z.boolean(),
  feedback,
});
export type ResultItem = z.infer<typeof resultItem>;

export const sessionResults = z.strictObject({
  score: z.number().int(),
  total: z.number().int(),
  /** sum of the answers' times */
  timeMs: z.number().int(),
  byDomain: z.array(z.strictObject({ domain: z.string(), correct: z.number().int(), total: z.number().int() })),
  items: z.array(resultItem),
});
export type SessionResults = z.infer<typeof sessionResults>;

export const questionSession = z.strictObject({
  id: z.string(),
  level: z.enum(CONTENT_LEVELS),
  mode: z.enum(QUESTION_MODES),
  /** the session's size: `items` holds those the student has reached (a case set's later items come as they are reached) */
  count: z.number().int(),
  timeLimitSeconds: z.number().int().nullable(),
  startedAt: isoDate,
  completedAt: isoDate.nullable(),
  items: z.array(publicItem),
  answers: z.record(z.string(), sessionAnswer),
  /** only once completed */
  results: sessionResults.optional(),
});
export type QuestionSession = z.infer<typeof questionSession>;

/** POST /sessions (201), GET /sessions/:id */
export const sessionResponse = z.strictObject({ session: questionSession });
/** GET /sessions/current */
export const currentSessionResponse = z.strictObject({ session: questionSession.nullable() });

/** POST /sessions/:id/answers: feedback in tutor mode, a receipt in a timed quiz; `next`, the case's item this answer reaches. */
export const answerResponse = z.union([
  z.strictObject({ correct: z.boolean(), feedback, next: publicItem.optional() }),
  z.strictObject({ recorded: z.literal(true), next: publicItem.optional() }),
]);
export type AnswerResponse = z.infer<typeof answerResponse>;

/** POST /sessions/:id/complete */
export const completeResponse = z.strictObject({ results: sessionResults });

/** GET /options */
export const questionOptions = z.strictObject({
  level: z.enum(CONTENT_LEVELS),
  /** the levels this student may practise */
  levels: z.array(z.enum(CONTENT_LEVELS)),
  domains: z.array(z.strictObject({ name: z.string(), weight: z.string(), available: z.number().int() })),
  topics: z.array(z.strictObject({ name: z.string(), available: z.number().int() })),
  counts: z.strictObject({ all: z.number().int(), unseen: z.number().int(), missed: z.number().int(), flagged: z.number().int() }),
});
export type QuestionOptions = z.infer<typeof questionOptions>;

export const flagResponse = z.strictObject({ flagged: z.boolean() });
export const reportResponse = z.strictObject({ ok: z.literal(true) });

// request bodies and queries

export const optionsQuerySchema = z.object({ level: z.enum(CONTENT_LEVELS).optional() });

const SESSION_FILTERS = [...QUESTION_FILTERS, 'saved'] as const;

export const startSessionSchema = z.strictObject({
  level: z.enum(CONTENT_LEVELS, { error: () => 'level must be EMT or Paramedic' }),
  domains: z.array(z.string().min(1).max(100)).max(20).default([]),
  topics: z
    .array(z.enum(FLASHCARD_CATEGORIES, { error: () => 'Unknown topic' }))
    .max(20)
    .default([]),
  count: z.literal(QUESTION_COUNTS, { error: () => `count must be one of ${QUESTION_COUNTS.join(', ')}` }),
  /** `saved`: the student's bookmarked questions (/saved, decision 102), not a choice of the setup screen */
  filter: z.enum(SESSION_FILTERS, { error: () => `filter must be one of ${SESSION_FILTERS.join(', ')}` }).default('all'),
  mode: z.enum(QUESTION_MODES, { error: () => 'mode must be tutor or timed' }),
  /** one item only (a search result opened as a one-item practice): the other choices still apply to it */
  itemKey: z.string().min(1).max(100).optional(),
  /** only these items (a saved question opened from /saved as a one-item practice, decision 102) */
  keys: z.array(z.string().min(1).max(100)).max(50).optional(),
  /** a class assignment's question set (decision 111): its domains, topics, count and mode replace the ones sent */
  assignmentId: z.string().min(1).max(100).optional(),
});
export type StartSessionInput = z.infer<typeof startSessionSchema>;

export const submitAnswerSchema = z.strictObject({
  itemKey: z.string().min(1).max(100),
  answer: answerSchema,
  timeMs: z.number().int().min(0).max(86_400_000),
  /** generated by the client per answer: a retried request stores one attempt */
  clientId: z.string().min(8).max(64),
});
export type SubmitAnswerInput = z.infer<typeof submitAnswerSchema>;

export const flagSchema = z.strictObject({ flagged: z.boolean() });

export const reportSchema = z.strictObject({
  itemKey: z.string().min(1).max(100),
  reason: z.enum(REPORT_REASONS, { error: () => `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  text: z
    .string()
    .trim()
    .min(1, 'Tell us what is wrong with this question.')
    .max(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters.`),
});
export type ReportInput = z.infer<typeof reportSchema>;

// the admin's /api/admin/content

export const reportStatusSchema = z.strictObject({ status: z.enum(REPORT_STATUSES) });
/** PUT /api/admin/content/reports/:id/reply: the administrator's answer, which the reporter reads on the item. */
export const reportReplySchema = z.strictObject({
  reply: z
    .string({ error: () => 'Write the answer to the student.' })
    .trim()
    .min(1, 'Write the answer to the student.')
    .max(REPORT_TEXT_MAX, `At most ${REPORT_TEXT_MAX} characters.`),
});
export type ReportReplyInput = z.infer<typeof reportReplySchema>;
/** Problem reports per page of the admin list. */
export const REPORT_PAGE_SIZE = 50;
export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES).optional(),
  /** 1-based */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * The reported item as the admin reads it beside the student's words: every option with its key (right or wrong, its place
 * in a build list, its column in an options table or a drag and drop) and its rationale, and the reference. Null when the
 * item no longer exists in the bank.
 */
export const reportedItem = z.strictObject({
  type: z.enum(QUESTION_TYPES),
  options: z.array(
    z.strictObject({
      text: z.string(),
      correct: z.boolean().nullable(),
      position: z.number().int().nullable(),
      category: z.string().nullable(),
      rationale: z.string(),
    }),
  ),
  reference: z.string(),
});
export type ReportedItem = z.infer<typeof reportedItem>;

/** One problem report as GET /api/admin/content/reports sends it. */
export const questionReportView = z.strictObject({
  id: z.string(),
  itemKey: z.string(),
  level: z.enum(CONTENT_LEVELS).nullable(),
  stem: z.string().nullable(),
  item: reportedItem.nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: isoDate,
  resolvedAt: isoDate.nullable(),
  reporter: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  /** the administrator's answer to the student, when there is one */
  reply: z.string().nullable(),
  repliedAt: isoDate.nullable(),
  repliedBy: z.string().nullable(),
});
export type QuestionReportView = z.infer<typeof questionReportView>;

/** A page of GET /api/admin/content/reports (open first, newest first). */
export const questionReportPage = z.strictObject({
  reports: z.array(questionReportView),
  /** 1-based */
  page: z.number().int(),
  pageSize: z.number().int(),
  /** reports under the filter, on every page */
  total: z.number().int(),
  /** of them open */
  open: z.number().int(),
});
export type QuestionReportPage = z.infer<typeof questionReportPage>;

export const reportStatusResponse = z.strictObject({ report: questionReportView });

/** GET /api/questions/reports/:itemKey: the student's own reports on an item, newest first, with MedicPrep's answers. */
export const myItemReportsResponse = z.strictObject({
  reports: z.array(
    z.strictObject({
      id: z.string(),
      reason: z.enum(REPORT_REASONS),
      text: z.string(),
      status: z.enum(REPORT_STATUSES),
      createdAt: isoDate,
      reply: z.string().nullable(),
      repliedAt: isoDate.nullable(),
    }),
  ),
});
export type MyItemReports = z.infer<typeof myItemReportsResponse>;

/** One item's statistics as GET /api/admin/content/stats sends them. */
export const itemStats = z.strictObject({
  key: z.string(),
  level: z.enum(CONTENT_LEVELS),
  type: z.enum(QUESTION_TYPES),
  domain: z.string(),
  stem: z.string(),
  retired: z.boolean(),
  /** students (first attempts) */
  attempts: z.number().int(),
  /** 0..100, null without attempts */
  percentCorrect: z.number().nullable(),
  /** r_pb over first attempts; null below 2 students or with zero variance */
  pointBiserial: z.number().nullable(),
  avgTimeMs: z.number().int().nullable(),
  flaggedForReview: z.boolean(),
});
export type ItemStats = z.infer<typeof itemStats>;

/** Items per page of the admin's item statistics. */
export const ITEM_STATS_PAGE_SIZE = 50;
export const ITEM_STATS_SORTS = ['key', 'attempts', 'percentCorrect', 'pointBiserial', 'avgTimeMs'] as const;
export type ItemStatsSort = (typeof ITEM_STATS_SORTS)[number];

/** GET /api/admin/content/stats: filtered, sorted and paged on the server (a level's bank is over a thousand items). */
export const itemStatsQuerySchema = z.object({
  level: z.enum(CONTENT_LEVELS, { error: () => 'level must be EMT or Paramedic' }).optional(),
  domain: z.string().min(1).max(100).optional(),
  type: z.enum(QUESTION_TYPES, { error: () => `type must be one of ${QUESTION_TYPES.join(', ')}` }).optional(),
  /** only the items flagged for review */
  flagged: z
    .enum(['true', 'false'], { error: () => 'flagged must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  /** part of the key or the stem, any case */
  q: z.string().trim().max(100).optional(),
  sort: z.enum(ITEM_STATS_SORTS, { error: () => `sort must be one of ${ITEM_STATS_SORTS.join(', ')}` }).default('key'),
  dir: z.enum(['asc', 'desc'], { error: () => 'dir must be asc or desc' }).default('asc'),
  /** 1-based */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ItemStatsQuery = z.input<typeof itemStatsQuerySchema>;

export const itemStatsResponse = z.strictObject({
  items: z.array(itemStats),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** items under the filter, on every page */
  total: z.number().int(),
  /** of them flagged for review */
  flagged: z.number().int(),
  /** every item in the bank, whatever the filter */
  bank: z.number().int(),
  /** the domains present (of the level, when one is chosen): the filter's choices */
  domains: z.array(z.string()),
});
export type ItemStatsResponse = z.infer<typeof itemStatsResponse>;
