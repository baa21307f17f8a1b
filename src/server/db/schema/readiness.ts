// Readiness checked against the real exam: the NREMT results students report (or administrators import), and each run of
// the validation that fits the pass prediction on them (docs/decisions/098-nremt-results-reported-and-imported.md,
// 099-readiness-validated-on-reported-results.md).
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { inList, tstz } from './columns';
import { userRef } from './references';

/** Where a reported result came from: the student's own form, or an administrator's CSV import. */
export const NREMT_RESULT_SOURCES = ['student', 'import'] as const;

/**
 * One sitting of the NREMT cognitive exam, as the student (or their program, through an import) reported it. One row per
 * level and attempt: a second report of the same attempt is an edit of the first.
 */
export const nremtResults = pgTable(
  'nremt_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    level: text('level').notNull(),
    /** the day of the sitting, as the student gives it (no time of day, no zone) */
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    passed: boolean('passed').notNull(),
    attempt: integer('attempt').notNull(),
    source: text('source').notNull(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('nremt_results_user_level_attempt_key').on(t.userId, t.level, t.attempt),
    // the validation reads a level's results in the order of the sittings (its time split)
    index('nremt_results_level_date_idx').on(t.level, t.examDate),
    check('nremt_results_level_check', inList('level', CONTENT_LEVELS)),
    check('nremt_results_source_check', inList('source', NREMT_RESULT_SOURCES)),
    check('nremt_results_attempt_check', sql`attempt between 1 and 6`),
  ],
);

/**
 * One run of `readiness:validate` for one level: the sample, the held-out figures of the fitted model and of the
 * engine's own "chance" (the naive model), the reliability table, and the fitted coefficients that a student screen
 * may use once the gate opens (`usable`).
 */
export const readinessValidations = pgTable(
  'readiness_validations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: text('level').notNull(),
    createdAt: tstz('created_at').notNull(),
    /** reported results with a practice exam before the sitting: the fit's sample */
    n: integer('n').notNull(),
    nTrain: integer('n_train').notNull(),
    nTest: integer('n_test').notNull(),
    /** held-out figures of the fitted model; null when the sample is too small to fit */
    brier: doublePrecision('brier'),
    ece: doublePrecision('ece'),
    auc: doublePrecision('auc'),
    /** the same figures for the engine's stored chance of passing */
    naiveBrier: doublePrecision('naive_brier'),
    naiveEce: doublePrecision('naive_ece'),
    naiveAuc: doublePrecision('naive_auc'),
    /** the fitted model (standardisation and coefficients) and the held-out reliability tables; shape in domain/readiness */
    model: jsonb('model'),
    bins: jsonb('bins').notNull(),
    naiveBins: jsonb('naive_bins').notNull(),
    usable: boolean('usable').notNull(),
  },
  (t) => [
    index('readiness_validations_level_created_idx').on(t.level, t.createdAt.desc()),
    check('readiness_validations_level_check', inList('level', CONTENT_LEVELS)),
  ],
);
