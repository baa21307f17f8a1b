// Spaced repetition: FSRS memory states, review logs, fitted weights and review settings.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVIEW_SOURCES, SRS_ITEM_KINDS } from '../../../shared/srs';
import { inList, tstz } from './columns';
import { userRef } from './references';

/**
 * Spaced repetition (decision 065): one FSRS memory state per student and item. An item is a flashcard (its content
 * key) or, once question practice feeds the queue, a question item (its key): `item_kind` tells which table `item_key` names.
 */
export const srsCards = pgTable(
  'srs_cards',
  {
    userId: userRef(),
    itemKind: text('item_kind').notNull(),
    itemKey: text('item_key').notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
    state: smallint('state').notNull(),
    due: tstz('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    lastReview: tstz('last_review'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKind, t.itemKey] }),
    /** the due queue: one student's cards in due order */
    index('srs_cards_user_due_idx').on(t.userId, t.due),
    check('srs_cards_item_kind_check', inList('item_kind', SRS_ITEM_KINDS)),
    check('srs_cards_state_check', sql`state between 0 and 3`),
  ],
);

/** Every review, as srs-benchmark and the FSRS optimiser read them; `client_id` makes a retried review count once. */
export const srsReviewLogs = pgTable(
  'srs_review_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    clientId: uuid('client_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemKey: text('item_key').notNull(),
    /** FSRS rating: 1 again, 2 hard, 3 good, 4 easy */
    grade: smallint('grade').notNull(),
    reviewedAt: tstz('reviewed_at').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    stateBefore: smallint('state_before').notNull(),
    stateAfter: smallint('state_after').notNull(),
    stabilityBefore: doublePrecision('stability_before').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyBefore: doublePrecision('difficulty_before').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    dueBefore: tstz('due_before').notNull(),
    dueAfter: tstz('due_after').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    /** where it was given (REVIEW_SOURCES) */
    source: text('source').notNull().default('review'),
  },
  (t) => [
    uniqueIndex('srs_review_logs_user_client_key').on(t.userId, t.clientId),
    index('srs_review_logs_user_reviewed_idx').on(t.userId, t.reviewedAt),
    check('srs_review_logs_item_kind_check', inList('item_kind', SRS_ITEM_KINDS)),
    check('srs_review_logs_grade_check', sql`grade between 1 and 4`),
    check('srs_review_logs_source_check', inList('source', REVIEW_SOURCES)),
  ],
);

/** The columns of a student's fitted weights and the held-out figures that justified them (decisions 076 and 093). */
const fittedColumns = () => ({
  userId: userRef().primaryKey(),
  /** the 21 FSRS-6 weights */
  weights: doublePrecision('weights').array().notNull(),
  /** review logs the fit read, and the long-term reviews it was evaluated on */
  reviews: integer('reviews').notNull(),
  evaluated: integer('evaluated').notNull(),
  logLoss: doublePrecision('log_loss').notNull(),
  rmseBins: doublePrecision('rmse_bins').notNull(),
  defaultLogLoss: doublePrecision('default_log_loss').notNull(),
  defaultRmseBins: doublePrecision('default_rmse_bins').notNull(),
  fittedAt: tstz('fitted_at').notNull().defaultNow(),
});

/**
 * A student's own FSRS weights for flashcards, fitted on their flashcard review logs by `npm run srs:optimize` (decision
 * 076); no row = FSRS-6's defaults. The figures are the held-out evaluation that justified them (decision 093).
 */
export const srsParameters = pgTable('srs_parameters', fittedColumns(), () => [
  check('srs_parameters_weights_check', sql`cardinality(weights) = 21`),
]);

/** The same for questions (their own preset, decision 091): fitted on the student's question reviews only. */
export const srsQuestionParameters = pgTable('srs_question_parameters', fittedColumns(), () => [
  check('srs_question_parameters_weights_check', sql`cardinality(weights) = 21`),
]);

/** A student's review settings; no row = the defaults. Empty `levels` / `categories` = all the student's course allows. */
export const srsSettings = pgTable(
  'srs_settings',
  {
    userId: userRef().primaryKey(),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    newPerDay: integer('new_per_day').notNull(),
    levels: text('levels').array().notNull(),
    categories: text('categories').array().notNull(),
    showHardEasy: boolean('show_hard_easy').notNull().default(false),
    /** the questions' own desired retention (decision 091) */
    questionRetention: doublePrecision('question_retention').notNull().default(0.9),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  () => [
    check('srs_settings_retention_check', sql`desired_retention between 0.8 and 0.95`),
    check('srs_settings_question_retention_check', sql`question_retention between 0.8 and 0.95`),
    check('srs_settings_new_per_day_check', sql`new_per_day between 0 and 100`),
  ],
);
