// Readiness: the passing standards results are scored against (decision 095), and readiness checked against the real exam: the NREMT results students report (or administrators import), and each run of
// the validation that fits the pass prediction on them (docs/decisions/098-nremt-results-reported-and-imported.md,
// 099-readiness-validated-on-reported-results.md).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { STANDARD_METHODS } from '../../../shared/readiness';
import { STUDY_STATUSES } from '../../../shared/standard-setting';
import { questionItems } from './questions';
import { inList, tstz } from './columns';
import { userRef } from './references';
import { users } from './users';
import { classes } from './classes';

/**
 * Where a reported result came from: the student's own form, an administrator's CSV import, or the student's program (an
 * instructor's entry or import for a class, decision 112).
 */
export const NREMT_RESULT_SOURCES = ['student', 'import', 'program'] as const;

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
    /** a `program` result: the class it was recorded for and who recorded it (decision 112) */
    classId: uuid('class_id').references(() => classes.id, { onDelete: 'set null' }),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
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

/**
 * A passing standard of a level: its cut on the ability scale and how it was set. Rows are never changed once a
 * result names them (a new standard is a new row), so every result can say which standard it was scored against.
 * The migration writes each level's default standard (`default-<level>`, the rule the bank was built on); a
 * standard-setting study adds a `panel` row, adopted by an administrator. A level's current standard is its
 * latest adopted panel standard, else its default.
 */
export const standards = pgTable(
  'standards',
  {
    id: text('id').primaryKey(),
    level: text('level').notNull(),
    method: text('method').notNull(),
    /** the cut on the ability (logit) scale */
    cut: doublePrecision('cut').notNull(),
    /** the cut's standard error (a panel's, from the panelists' spread); null for the default rule */
    cutSe: doublePrecision('cut_se'),
    /** when an administrator adopted it; null for the default rule */
    adoptedAt: tstz('adopted_at'),
    adoptedBy: text('adopted_by').references(() => users.id, { onDelete: 'set null' }),
    /** the standard-setting study a panel standard comes from (decision 109); null for the default rule */
    studyId: uuid('study_id').references(() => standardStudies.id),
  },
  (t) => [
    check('standards_level_check', inList('level', CONTENT_LEVELS)),
    check('standards_method_check', inList('method', STANDARD_METHODS)),
    check('standards_panel_adopted_check', sql`method = 'default' or adopted_at is not null`),
    index('standards_level_adopted_idx').on(t.level, t.adoptedAt.desc()),
  ],
);

/**
 * A standard-setting study of a level (modified Angoff, docs/decisions/109-standard-setting-by-a-panel.md): its items are
 * chosen by the server when it is created; panelists rate them in round 1, see the panel's spread and the impact and
 * may revise in round 2; an administrator closes it and may adopt its round-2 cut as a `panel` standard. Kept when
 * adopted: the standard links to it.
 */
export const standardStudies = pgTable(
  'standard_studies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    level: text('level').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('draft'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
    round1OpenedAt: tstz('round1_opened_at'),
    round2OpenedAt: tstz('round2_opened_at'),
    closedAt: tstz('closed_at'),
    adoptedAt: tstz('adopted_at'),
  },
  (t) => [
    check('standard_studies_level_check', inList('level', CONTENT_LEVELS)),
    check('standard_studies_status_check', inList('status', STUDY_STATUSES)),
    index('standard_studies_created_idx').on(t.createdAt.desc()),
  ],
);

/** A study's items, in the order panelists see them, with the difficulty and guessing floor the cut is computed with. */
export const standardStudyItems = pgTable(
  'standard_study_items',
  {
    studyId: uuid('study_id')
      .notNull()
      .references(() => standardStudies.id, { onDelete: 'cascade' }),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key),
    position: integer('position').notNull(),
    domain: text('domain').notNull(),
    /** the exam's difficulty of the item when the study sampled it (itemDifficulty: calibrated, else the rating's) */
    b: doublePrecision('b').notNull(),
    /** the item's fixed guessing floor (guessingFloor, decision 097) */
    c: doublePrecision('c').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.itemKey] }), uniqueIndex('standard_study_items_position_key').on(t.studyId, t.position)],
);

/** Who is on a study's panel (users with the panelist or admin role when invited). */
export const standardStudyPanelists = pgTable(
  'standard_study_panelists',
  {
    studyId: uuid('study_id')
      .notNull()
      .references(() => standardStudies.id, { onDelete: 'cascade' }),
    userId: userRef(),
    addedAt: tstz('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studyId, t.userId] }), index('standard_study_panelists_user_idx').on(t.userId)],
);

/** One panelist's rating of one item in one round: of 100 minimally competent candidates, how many answer it right. */
export const standardRatings = pgTable(
  'standard_ratings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyId: uuid('study_id').notNull(),
    panelistId: text('panelist_id').notNull(),
    itemKey: text('item_key').notNull(),
    round: integer('round').notNull(),
    value: integer('value').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    // a rating is of an item of the study by a panelist on it: removing a panelist removes their ratings
    foreignKey({
      name: 'standard_ratings_panelist_fk',
      columns: [t.studyId, t.panelistId],
      foreignColumns: [standardStudyPanelists.studyId, standardStudyPanelists.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'standard_ratings_item_fk',
      columns: [t.studyId, t.itemKey],
      foreignColumns: [standardStudyItems.studyId, standardStudyItems.itemKey],
    }).onDelete('cascade'),
    uniqueIndex('standard_ratings_study_panelist_item_round_key').on(t.studyId, t.panelistId, t.itemKey, t.round),
    check('standard_ratings_round_check', sql`round in (1, 2)`),
    check('standard_ratings_value_check', sql`value between 0 and 100`),
  ],
);
