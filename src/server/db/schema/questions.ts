// Question practice: the bank (items and case sets), practice sessions, attempts and problem reports (flags are item marks: marks.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS, FLASHCARD_CATEGORIES } from '../../../shared/constants';
import { QUESTION_MODES, QUESTION_TYPES, REPORT_REASONS, REPORT_STATUSES } from '../../../shared/questions';
import { inList, searchDocument, tsvector, tstz } from './columns';
import { userRef } from './references';
import { users } from './users';

/**
 * The question bank, upserted from content/questions/** by stable key. `body` holds the item as its
 * file has it (stem, options with their keys and rationales, categories, image, reference). An item
 * removed from the files is marked retired, never deleted: students' attempts keep pointing at it.
 */
export const questionItems = pgTable(
  'question_items',
  {
    key: text('key').primaryKey(),
    level: text('level').notNull(),
    type: text('type').notNull(),
    domain: text('domain').notNull(),
    topic: text('topic').notNull(),
    difficulty: integer('difficulty').notNull(),
    pediatric: boolean('pediatric').notNull().default(false),
    body: jsonb('body').notNull(),
    caseKey: text('case_key'),
    caseOrder: integer('case_order'),
    /** 'practice': served everywhere; 'exam': the exam's own reserve, never shown outside a practice exam */
    pool: text('pool').notNull().default('practice'),
    retired: boolean('retired').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** what /search matches: the stem and the options' text, never which option is keyed nor the rationales */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        searchDocument("coalesce(body->>'stem', '')", `coalesce(jsonb_path_query_array(body, '$.options[*].text'), '[]'::jsonb)`),
      ),
  },
  (t) => [
    index('question_items_search_idx').using('gin', t.searchVector),
    index('question_items_level_domain_idx')
      .on(t.level, t.domain)
      .where(sql`not retired`),
    index('question_items_case_idx').on(t.caseKey),
    check('question_items_level_check', inList('level', CONTENT_LEVELS)),
    check('question_items_type_check', inList('type', QUESTION_TYPES)),
    check('question_items_topic_check', inList('topic', FLASHCARD_CATEGORIES)),
    check('question_items_difficulty_check', sql`difficulty between 1 and 5`),
    check('question_items_pool_check', sql`pool in ('practice', 'exam')`),
  ],
);

/** Case sets: one evolving patient; the items point here by `case_key`. */
export const questionCases = pgTable(
  'question_cases',
  {
    key: text('key').primaryKey(),
    level: text('level').notNull(),
    title: text('title').notNull(),
    presentation: text('presentation').notNull(),
    /** text revealed before the item of that case_order: { "2": "…" } */
    updates: jsonb('updates').$type<Record<string, string>>(),
    retired: boolean('retired').notNull().default(false),
  },
  () => [check('question_cases_level_check', inList('level', CONTENT_LEVELS))],
);

/** One item of a session: its key and the order its options are shown in (indexes into the file's options). */
export interface SessionItemRef {
  key: string;
  perm: number[];
}

/** A practice session: the items chosen at its start, in order, with each item's option order. */
export const questionSessions = pgTable(
  'question_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    level: text('level').notNull(),
    mode: text('mode').notNull(),
    settings: jsonb('settings').notNull(),
    items: jsonb('items').$type<SessionItemRef[]>().notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    timeLimitS: integer('time_limit_s'),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('question_sessions_user_started_idx').on(t.userId, t.startedAt.desc()),
    check('question_sessions_level_check', inList('level', CONTENT_LEVELS)),
    check('question_sessions_mode_check', inList('mode', QUESTION_MODES)),
  ],
);

/** Every answer a student submits: one per item and session; `client_id` makes a retried request store nothing new. */
export const questionAttempts = pgTable(
  'question_attempts',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => questionSessions.id, { onDelete: 'cascade' }),
    userId: userRef(),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    answer: jsonb('answer').notNull(),
    correct: boolean('correct').notNull(),
    timeMs: integer('time_ms').notNull(),
    mode: text('mode').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_attempts_user_client_key').on(t.userId, t.clientId),
    uniqueIndex('question_attempts_session_item_key').on(t.sessionId, t.itemKey),
    index('question_attempts_user_item_idx').on(t.userId, t.itemKey, t.createdAt.desc()),
    index('question_attempts_item_idx').on(t.itemKey),
    check('question_attempts_mode_check', inList('mode', QUESTION_MODES)),
    check('question_attempts_time_check', sql`time_ms >= 0`),
  ],
);

/** "Report a problem" on an item; an admin resolves it (audited). */
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** the administrator's answer, which the reporter reads on the item once they have answered it (decision 108) */
    reply: text('reply'),
    repliedAt: tstz('replied_at'),
    repliedBy: text('replied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('question_reports_user_item_idx').on(t.userId, t.itemKey),
    check('question_reports_reply_check', sql`reply is null or length(reply) between 1 and 1000`),
    index('question_reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('question_reports_item_idx').on(t.itemKey),
    check('question_reports_reason_check', inList('reason', REPORT_REASONS)),
    check('question_reports_status_check', inList('status', REPORT_STATUSES)),
    check('question_reports_text_check', sql`length(text) between 1 and 1000`),
  ],
);
