// Programs: an instructor's classes and the students in them (docs/decisions/106-programs-classes-and-seats.md).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { ASSIGNMENT_KINDS, type AssignmentSpec } from '../../../shared/assignments';
import { inList, tstz } from './columns';
import { userRef } from './references';
import { users } from './users';

/**
 * A class an instructor teaches. Its code joins students to it; when `grantsAccessDays` is set the code also grants that
 * many days of access, as a validation code does. A seat is taken by a student's first join and kept (a student who
 * leaves and comes back takes no second seat and gets no second grant), so `seatsTaken` only grows and the seats cap
 * both the roster and the access the code hands out.
 */
export const classes = pgTable(
  'classes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    examWindowStart: date('exam_window_start', { mode: 'string' }),
    examWindowEnd: date('exam_window_end', { mode: 'string' }),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    code: text('code').notNull().unique(),
    /** days of access the code grants on a student's first join; null: the code only joins */
    grantsAccessDays: integer('grants_access_days'),
    /** the instructor who teaches it (an administrator who creates a class teaches it) */
    instructorId: text('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('classes_instructor_id_idx').on(t.instructorId),
    check('classes_level_check', inList('level', CONTENT_LEVELS)),
    check('classes_code_upper_check', sql`code = upper(code) and length(code) > 0`),
    check('classes_dates_check', sql`end_date >= start_date`),
    check('classes_exam_window_check', sql`exam_window_end is null or exam_window_start is null or exam_window_end >= exam_window_start`),
    check('classes_seats_check', sql`seats between 1 and 500 and seats_taken >= 0 and seats_taken <= seats`),
    check('classes_grants_access_days_check', sql`grants_access_days is null or grants_access_days between 1 and 365`),
  ],
);

/**
 * A student in a class: what they chose at join (their e-mail visible to the instructor, their NREMT outcomes shared with the
 * program) and when they left. A student who leaves keeps the row (the seat stays taken) with `leftAt` set, and no
 * instructor view reads them from then on.
 */
export const classMembers = pgTable(
  'class_members',
  {
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: userRef(),
    joinedAt: tstz('joined_at').notNull(),
    leftAt: tstz('left_at'),
    emailVisible: boolean('email_visible').notNull().default(false),
    outcomesConsent: boolean('outcomes_consent').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.classId, t.userId] }), index('class_members_user_id_idx').on(t.userId)],
);

/**
 * Work an instructor sets a class (docs/decisions/111-class-assignments.md): a question set, a flash-card category, a
 * scenario or a practice exam, due on a day, for the whole class or for chosen students (`class_assignment_students`).
 * What the student has done of it is read from their own study (a practice session or exam started from it, the cards of
 * the category studied since it was set, the scenario completed since), never stored twice.
 */
export const classAssignments = pgTable(
  'class_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    classId: uuid('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the kind's choices (src/shared/assignments.ts), checked by the contract */
    spec: jsonb('spec').$type<AssignmentSpec>().notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** false: only the students in class_assignment_students */
    toAll: boolean('to_all').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('class_assignments_class_due_idx').on(t.classId, t.dueDate),
    check('class_assignments_kind_check', inList('kind', ASSIGNMENT_KINDS)),
  ],
);

/** The students an assignment is for, when it is not for the whole class. */
export const classAssignmentStudents = pgTable(
  'class_assignment_students',
  {
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => classAssignments.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.assignmentId, t.userId] }), index('class_assignment_students_user_idx').on(t.userId)],
);
