import { z } from 'zod';
import { CONTENT_LEVELS, FLASHCARD_CATEGORIES } from '../constants';
import { answerSchema } from '../questions';
import { NEW_PER_DAY, RETENTION, REVIEW_GRADES, SRS_ITEM_KINDS } from '../srs';
import { examItem } from './exam';

// The review API's contract (docs/product.md §10.5): /api/review — the day's queue, answers, settings and figures. Dates travel as ISO strings.

const isoDate = z.string();

/** A card's FSRS memory state (state: 0 new, 1 learning, 2 review, 3 relearning). */
export const srsCardJson = z.strictObject({
  state: z.number().int().min(0).max(3),
  due: isoDate,
  stability: z.number(),
  difficulty: z.number(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: isoDate.nullable(),
});
export type SrsCardJson = z.infer<typeof srsCardJson>;

/** One flashcard of the queue: its faces and its memory state. */
export const reviewFlashcardItem = z.strictObject({
  kind: z.literal('flashcard'),
  key: z.string(),
  card: srsCardJson,
  flashcard: z.strictObject({
    id: z.number().int(),
    category: z.string(),
    courseLevel: z.enum(CONTENT_LEVELS),
    front: z.string(),
    back: z.string(),
  }),
});

/**
 * One question of the queue (decision 079): the item as practice shows it before an answer — options in this queue's order
 * under opaque ids, never the key or a rationale — and `order`, the token that names that order; the answer sends it back and
 * the feedback comes with the answer's response.
 */
export const reviewQuestionItem = z.strictObject({
  kind: z.literal('question'),
  key: z.string(),
  card: srsCardJson,
  courseLevel: z.enum(CONTENT_LEVELS),
  question: examItem,
  order: z.string(),
});

/** One item of the queue: a flashcard or a question, with its memory state. */
export const reviewItem = z.discriminatedUnion('kind', [reviewFlashcardItem, reviewQuestionItem]);
export type ReviewItem = z.infer<typeof reviewItem>;
export type ReviewFlashcardItem = z.infer<typeof reviewFlashcardItem>;
export type ReviewQuestionItem = z.infer<typeof reviewQuestionItem>;

/** GET /api/review/queue: today's due cards oldest-due first, then the new cards the daily limit still allows. */
export const reviewQueueResponse = z.strictObject({
  generatedAt: isoDate,
  /** the end of the student's day: the queue holds what is due before it */
  endOfDay: isoDate,
  due: z.array(reviewItem),
  new: z.array(reviewItem),
  /** the first review due after today's queue, if any */
  nextDue: isoDate.nullable(),
  /** reviews given today outside exams (in the decks, in practice, here): the stats' `reviewsToday`, the session's "done" */
  doneToday: z.number().int(),
  desiredRetention: z.number(),
  showHardEasy: z.boolean(),
  /** the student's own FSRS weights (srs:optimize), so the phone schedules as the server does; null = FSRS-6's defaults */
  weights: z.array(z.number()).length(21).nullable(),
  /** the time zone the student's days are counted in (decision 090: the home streak's), so the phone counts them alike */
  timeZone: z.string(),
});
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponse>;

const answerKey = z.string().min(1, 'Unknown item').max(200, 'Unknown item');
const clientId = z.uuid('clientId must be a UUID');
const reviewedAt = z.iso.datetime({ offset: true, message: 'reviewedAt must be an ISO date and time' }).optional();

/**
 * POST /api/review/answers: one review; `clientId` makes a retry count once; `reviewedAt` is when it was given (offline).
 * A flashcard carries its grade; a question carries the answer and the queue's `order` token, and the server grades it
 * (right: Good, wrong: Again).
 */
export const reviewAnswerBody = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('flashcard'),
      key: answerKey,
      grade: z.enum(REVIEW_GRADES, 'Choose again, hard, good or easy'),
      clientId,
      reviewedAt,
    }),
    z.strictObject({
      kind: z.literal('question'),
      key: answerKey,
      answer: answerSchema,
      order: z.string().min(8, 'Unknown option order').max(64, 'Unknown option order'),
      clientId,
      reviewedAt,
      /** ms from showing the question to the answer: a right answer faster than reading it is Hard (decision 091) */
      timeMs: z.number().int().min(0).max(86_400_000).optional(),
    }),
  ],
  'kind must be flashcard or question',
);
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBody>;

/** What a question's answer brings back: the verdict, the keyed answer, every option's rationale and the reference. */
export const reviewQuestionFeedback = z.strictObject({
  correct: z.boolean(),
  /** a technology-enhanced item: how many of its parts the answer got right (it is still scored right or wrong) */
  parts: z.strictObject({ right: z.number().int(), total: z.number().int() }).optional(),
  key: answerSchema,
  options: z.array(z.strictObject({ id: z.string(), rationale: z.string() })),
  reference: z.string(),
});

export const reviewAnswerResponse = z.strictObject({
  kind: z.enum(SRS_ITEM_KINDS),
  key: z.string(),
  card: srsCardJson,
  /** true when this clientId had already been applied: nothing changed */
  duplicate: z.boolean(),
  /** a question only: the feedback, sent once the answer is given */
  feedback: reviewQuestionFeedback.optional(),
});
export type ReviewAnswerResponse = z.infer<typeof reviewAnswerResponse>;

/** PUT /api/review/settings. Empty levels / categories = everything the student's course level allows. */
export const reviewSettingsBody = z.strictObject({
  desiredRetention: z
    .number('Desired retention must be a number')
    .min(RETENTION.min, `Desired retention must be between ${RETENTION.min * 100}% and ${RETENTION.max * 100}%`)
    .max(RETENTION.max, `Desired retention must be between ${RETENTION.min * 100}% and ${RETENTION.max * 100}%`),
  newPerDay: z
    .number('New cards per day must be a number')
    .int('New cards per day must be a whole number')
    .min(NEW_PER_DAY.min, `New cards per day must be between ${NEW_PER_DAY.min} and ${NEW_PER_DAY.max}`)
    .max(NEW_PER_DAY.max, `New cards per day must be between ${NEW_PER_DAY.min} and ${NEW_PER_DAY.max}`),
  levels: z.array(z.enum(CONTENT_LEVELS)).max(CONTENT_LEVELS.length),
  categories: z.array(z.enum(FLASHCARD_CATEGORIES)).max(FLASHCARD_CATEGORIES.length),
  showHardEasy: z.boolean(),
  /** the questions' own desired retention (decision 091); absent: unchanged */
  questionRetention: z
    .number('Question retention must be a number')
    .min(RETENTION.min, `Question retention must be between ${RETENTION.min * 100}% and ${RETENTION.max * 100}%`)
    .max(RETENTION.max, `Question retention must be between ${RETENTION.min * 100}% and ${RETENTION.max * 100}%`)
    .optional(),
});
export type ReviewSettingsBody = z.infer<typeof reviewSettingsBody>;

/** GET and PUT /api/review/settings */
export const reviewSettingsResponse = z.strictObject({
  settings: reviewSettingsBody,
  /** the levels the student's course allows (the choice of levels is among these) */
  availableLevels: z.array(z.enum(CONTENT_LEVELS)),
  /** future reviews moved by a change of retention (PUT only) */
  rescheduled: z.number().int().optional(),
});
export type ReviewSettingsResponse = z.infer<typeof reviewSettingsResponse>;

/**
 * GET /api/review/stats: the figures on /review, /progress and the count on home, counted as the queue is: `dueToday` and
 * `newToday` are its lengths, `reviewsToday` its `doneToday`.
 */
export const reviewStatsResponse = z.strictObject({
  dueToday: z.number().int(),
  newToday: z.number().int(),
  /** due after today and within the next 7 days (today's are in `dueToday`) */
  dueNextWeek: z.number().int(),
  /** reviews given today in the decks, on /review and in practice (an exam's logged misses are not reviews) */
  reviewsToday: z.number().int(),
  /** share of the last 30 days' reviews of cards in review state answered Correct, exams left out (they log only their
   * misses); null before the first */
  trueRetention: z.number().nullable(),
  retentionReviews: z.number().int(),
  desiredRetention: z.number(),
  nextDue: isoDate.nullable(),
});
export type ReviewStatsResponse = z.infer<typeof reviewStatsResponse>;
