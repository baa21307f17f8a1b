// The adaptive practice exam: exams, the items given in each, and calibrated item difficulties.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { STOP_REASONS } from '../../../shared/exam';
import { inList, tstz } from './columns';
import { userRef } from './references';
import { questionItems } from './questions';
import { standards } from './readiness';
import { classAssignments } from './classes';

/**
 * One practice exam. Items are chosen one at a time on the server (exam_items); the row keeps the plan (pilot
 * positions), the deadline the server enforces, and, once ended, the result as shown.
 */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    level: text('level').notNull(),
    startedAt: tstz('started_at').notNull(),
    deadline: tstz('deadline').notNull(),
    /**
     * false: an untimed exam the student chose at the start — no clock on screen, marked as such in the result; its
     * deadline only ends an abandoned exam (decision 104)
     */
    timed: boolean('timed').notNull().default(true),
    /** 1-based positions of the unscored pilot items */
    pilotPositions: jsonb('pilot_positions').$type<number[]>().notNull(),
    /** the items of the student's previous exam, never given in this one */
    excludedKeys: jsonb('excluded_keys').$type<string[]>().notNull(),
    endedAt: tstz('ended_at'),
    stopReason: text('stop_reason'),
    passed: boolean('passed'),
    theta: doublePrecision('theta'),
    se: doublePrecision('se'),
    readiness: integer('readiness'),
    /**
     * whole percent, 1..99: Φ((θ − cut) / SE), the engine's own naive chance. Never sent to a student (decision 095); kept
     * as the baseline the pass-model validation compares against (decision 099)
     */
    chance: integer('chance'),
    scored: integer('scored'),
    /** the standard the exam is scored against: the level's current one when it began (decision 095) */
    standardId: text('standard_id')
      .notNull()
      .references(() => standards.id),
    /** the class assignment it was started from (decision 111): an ordinary practice exam all the same */
    assignmentId: uuid('assignment_id').references(() => classAssignments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('exams_user_started_idx').on(t.userId, t.startedAt.desc()),
    // one open exam per student: a second concurrent start finds this one instead of making another
    uniqueIndex('exams_one_open_per_user_idx')
      .on(t.userId)
      .where(sql`ended_at is null`),
    check('exams_level_check', inList('level', CONTENT_LEVELS)),
    index('exams_standard_idx').on(t.standardId),
    check('exams_stop_reason_check', sql`stop_reason is null or ${inList('stop_reason', STOP_REASONS)}`),
  ],
);

/** The items of an exam in the order given; the answer (never changed once set) and whether it was right. */
export const examItems = pgTable(
  'exam_items',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    /** the option order shown (indexes into the file's options) */
    perm: jsonb('perm').$type<number[]>().notNull(),
    pilot: boolean('pilot').notNull(),
    domain: text('domain').notNull(),
    /** the difficulty the exam used for this item */
    b: doublePrecision('b').notNull(),
    /** the fixed lower asymptote (guessing floor) the exam used for this item; 0 for exams scored before it (decision 097) */
    c: doublePrecision('c').notNull().default(0),
    givenAt: tstz('given_at').notNull(),
    answer: jsonb('answer'),
    correct: boolean('correct'),
    answeredAt: tstz('answered_at'),
    timeMs: integer('time_ms'),
    clientId: text('client_id'),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.position] }),
    uniqueIndex('exam_items_exam_item_key').on(t.examId, t.itemKey),
    index('exam_items_item_idx').on(t.itemKey),
  ],
);

/**
 * Item parameters re-estimated from stored responses (`npm run items:calibrate`): the Rasch difficulty, its
 * standard error and the number of responses it rests on. Used once n reaches CALIBRATION_MIN_RESPONSES.
 */
export const itemCalibrations = pgTable('item_calibrations', {
  itemKey: text('item_key')
    .primaryKey()
    .references(() => questionItems.key, { onDelete: 'cascade' }),
  b: doublePrecision('b').notNull(),
  se: doublePrecision('se'),
  n: integer('n').notNull(),
  calibratedAt: tstz('calibrated_at').notNull().defaultNow(),
});
