// The study plan to exam day (decision 105): the student's exam date, level and rest weekday, their own calendar events, and
// the private token of their calendar subscription. The plan's days themselves are computed (src/shared/plan.ts), not stored.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { PLAN_EVENT_TYPES } from '../../../shared/plan';
import { inList, tstz } from './columns';
import { userRef } from './references';

export const studyPlans = pgTable(
  'study_plans',
  {
    userId: userRef().primaryKey(),
    examDate: date('exam_date', { mode: 'string' }).notNull(),
    level: text('level').notNull(),
    /** 0 Sunday … 6 Saturday */
    restWeekday: smallint('rest_weekday').notNull(),
    /** the study day (YYYY-MM-DD) the plan was first set: the days from it are reported done or missed */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  () => [
    check('study_plans_level_check', inList('level', CONTENT_LEVELS)),
    check('study_plans_rest_check', sql`rest_weekday between 0 and 6`),
  ],
);

/** A student's own event on /calendar: a class, a clinical shift (the plan keeps that day light), a study group, … */
export const planEvents = pgTable(
  'plan_events',
  {
    id: uuid('id').primaryKey(),
    userId: userRef(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:MM, the student's local time */
    time: text('time').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('plan_events_user_date_idx').on(t.userId, t.date, t.time),
    check('plan_events_type_check', inList('type', PLAN_EVENT_TYPES)),
    check('plan_events_time_check', sql`time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('plan_events_duration_check', sql`duration_minutes between 5 and 1440`),
    check('plan_events_title_check', sql`char_length(title) between 1 and 100`),
  ],
);

/** The private address of a student's calendar subscription (.ics); revoking deletes the row, and the old address is a 404. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: userRef().primaryKey(),
  token: text('token').notNull().unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});
