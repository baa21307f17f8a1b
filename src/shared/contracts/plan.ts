import { z } from 'zod';
import { myAssignmentView } from './assignments';
import { CONTENT_LEVELS } from '../constants';
import { isCalendarDate } from '../nremt-results';
import { PLAN_DAY_KINDS, PLAN_EVENT_TYPES } from '../plan';

// The study plan's API contract (decision 105): the exam date, level and rest day; the plan's days to the exam with what was
// done; the student's own events; the calendar export and its private subscription address.

const calendarDate = (what: string) =>
  z.string(`Enter the ${what}`).trim().min(1, `Enter the ${what}`).refine(isCalendarDate, 'Enter the date as a real day (YYYY-MM-DD)');

/** PUT /api/plan: set or change the exam date, the exam's level and the weekly rest day. */
export const planSettingsBody = z.strictObject({
  examDate: calendarDate('date of your exam'),
  level: z.enum(CONTENT_LEVELS, 'Choose the exam you are taking'),
  restWeekday: z.number('Choose a rest day').int('Choose a rest day').min(0, 'Choose a rest day').max(6, 'Choose a rest day'),
});
export type PlanSettingsBody = z.input<typeof planSettingsBody>;

export const planSettings = z.strictObject({
  examDate: z.string(),
  level: z.enum(CONTENT_LEVELS),
  restWeekday: z.number().int(),
  startDate: z.string(),
});
export type PlanSettings = z.infer<typeof planSettings>;

/** What the student did on a day (studied minutes from the usage events, reviews, practice questions, finished exams). */
export const planDone = z.strictObject({
  minutes: z.number().int(),
  reviews: z.number().int(),
  questions: z.number().int(),
  exams: z.number().int(),
});
export type PlanDone = z.infer<typeof planDone>;

export const planDayView = z.strictObject({
  date: z.string(),
  kind: z.enum(PLAN_DAY_KINDS),
  shift: z.boolean(),
  reviews: z.number().int(),
  newCards: z.number().int(),
  questions: z.array(z.strictObject({ domain: z.string(), count: z.number().int() })),
  questionCount: z.number().int(),
  practiceExam: z.boolean(),
  minutes: z.number().int(),
  /** today's so far; null on the days ahead */
  done: planDone.nullable(),
});
export type PlanDayView = z.infer<typeof planDayView>;

export const planPastDay = z.strictObject({ date: z.string(), status: z.enum(['done', 'rest', 'missed']), done: planDone });
export type PlanPastDay = z.infer<typeof planPastDay>;

const eventTitle = z.string('Enter a title').trim().min(1, 'Enter a title').max(100, 'Keep the title to 100 characters');
const eventFields = {
  title: eventTitle,
  type: z.enum(PLAN_EVENT_TYPES, 'Choose a type'),
  date: calendarDate('date'),
  time: z.string('Enter a time').regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter a time as HH:MM'),
  durationMinutes: z
    .number('Enter how long it lasts')
    .int('Enter whole minutes')
    .min(5, 'At least 5 minutes')
    .max(1440, 'At most 24 hours')
    .default(60),
};

/** POST /api/plan/events: `id` is the client's (a retried add is one event). */
export const planEventBody = z.strictObject({ id: z.uuid('id must be a UUID'), ...eventFields });
export type PlanEventBody = z.input<typeof planEventBody>;
/** PUT /api/plan/events/:id */
export const planEventUpdateBody = z.strictObject(eventFields);
export type PlanEventUpdateBody = z.input<typeof planEventUpdateBody>;
export const planEventIdParam = z.uuid();

export const planEventView = z.strictObject({
  id: z.string(),
  title: z.string(),
  type: z.enum(PLAN_EVENT_TYPES),
  date: z.string(),
  time: z.string(),
  durationMinutes: z.number().int(),
});
export type PlanEventView = z.infer<typeof planEventView>;
export const planEventResponse = z.strictObject({ event: planEventView });

/** GET /api/plan (and the answer of PUT): everything /calendar and home's "Today's plan" show. */
export const planResponse = z.strictObject({
  /** the student's study day, YYYY-MM-DD, in their zone (decision 090) */
  today: z.string(),
  timeZone: z.string(),
  /** the levels the student may plan for */
  levels: z.array(z.enum(CONTENT_LEVELS)),
  /** null: no exam date yet */
  settings: planSettings.nullable(),
  plan: z
    .strictObject({
      days: z.array(planDayView),
      past: z.array(planPastDay),
      coveredBy: z.string().nullable(),
      domainTotals: z.array(z.strictObject({ domain: z.string(), questions: z.number().int() })),
      unplanned: z.strictObject({ newCards: z.number().int(), questions: z.number().int() }),
      examPassed: z.boolean(),
    })
    .nullable(),
  /** the student's events from today on, soonest first */
  events: z.array(planEventView),
  /** the private subscription address, when there is one */
  feedUrl: z.string().nullable(),
  /** the class assignments for the student (decision 111): every one not done, and those done in the last 14 days; soonest due first */
  assignments: z.array(myAssignmentView),
});
export type PlanResponse = z.infer<typeof planResponse>;

/** POST /api/plan/feed: a new private address (an older one stops working). */
export const planFeedResponse = z.strictObject({ feedUrl: z.string() });
export type PlanFeedResponse = z.infer<typeof planFeedResponse>;
