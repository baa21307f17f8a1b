// The study plan to exam day (/calendar, decision 105). The plan's days are computed on each read by the pure generatePlan
// (src/shared/plan.ts) from what is true now: the FSRS queue's due counts by study day, the level's unstarted cards and
// unanswered practice questions, the domains' accuracy, the student's clinical shifts and the days they studied. Days are
// the student's study days (decision 090) in the zone their home visits last reported.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { ContentLevel, CourseLevel } from '../../../shared/constants';
import type { PlanEventUpdateBody, PlanEventView, PlanResponse, PlanSettingsBody } from '../../../shared/contracts/plan';
import type { MyAssignmentView } from '../../../shared/contracts/assignments';
import { ERROR_CODES } from '../../../shared/errors';
import { levelsOf } from '../../../shared/levels';
import { dateOfDay, dayOfDate, generatePlan, type PlanEventType } from '../../../shared/plan';
import { startOfStudyDay, studyDay } from '../../../shared/study-day';
import { calendarFeeds, planEvents, studyPlans, userInteractions, users } from '../../db/schema';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { verdictShown } from '../../domain/items';
import { assignmentProgressRows, assignmentTargets, progressOf } from '../../domain/assignments';
import { HttpError, notFound } from '../../lib/http';
import { chargeEvents } from '../../lib/quota';

/** The furthest exam date a plan takes: two years ahead. */
const MAX_DAYS_AHEAD = 730;

interface Student {
  id: string;
  courseLevel: CourseLevel;
}

const fieldError = (path: string, message: string) => new HttpError(400, ERROR_CODES.validation, message, [{ path, message }]);

async function zoneOf(db: Db, userId: string): Promise<string> {
  const { rows } = await db.execute<{ time_zone: string | null }>(sql`select time_zone from ${users} where id = ${userId}`);
  return rows[0]?.time_zone || 'UTC';
}

/** A usage event of the plan (plan_change, event_add), counted against the day's events like the others. */
async function usageEvent(deps: ServiceDeps, userId: string, actionType: 'plan_change' | 'event_add', featureId: string) {
  if (!(await chargeEvents(deps.db, userId, 1)).allowed) return;
  await deps.db.insert(userInteractions).values({
    id: randomUUID(),
    userId,
    featureType: 'plan',
    featureId,
    actionType,
    createdAt: deps.now(),
  });
}

const eventView = (r: typeof planEvents.$inferSelect): PlanEventView => ({
  id: r.id,
  title: r.title,
  type: r.type as PlanEventType,
  date: r.date,
  time: r.time,
  durationMinutes: r.durationMinutes,
});

/** A study day's date (YYYY-MM-DD) for a timestamp column, in SQL: local time less the 4 hours the day starts at. */
const dayOf = (column: ReturnType<typeof sql>, zone: string) =>
  sql`to_char((${column} at time zone ${zone}) - interval '4 hours', 'YYYY-MM-DD')`;

type DoneRow = { day: string; minutes: number; reviews: number; questions: number; exams: number };

/** What the student did on each study day from `from` (YYYY-MM-DD) to now. */
async function doneByDay(db: Db, userId: string, zone: string, since: Date): Promise<Map<string, DoneRow>> {
  const { rows } = await db.execute<DoneRow>(sql`
    with parts as (
      select ${dayOf(sql`created_at`, zone)} as day, coalesce(duration_seconds, 0) as seconds, 0 as reviews, 0 as questions, 0 as exams
        from user_interactions where user_id = ${userId} and created_at >= ${since}::timestamptz and duration_seconds is not null
      union all
      select ${dayOf(sql`reviewed_at`, zone)}, 0, 1, 0, 0
        from srs_review_logs where user_id = ${userId} and reviewed_at >= ${since}::timestamptz and source <> 'exam'
      union all
      select ${dayOf(sql`created_at`, zone)}, 0, 0, 1, 0
        from question_attempts where user_id = ${userId} and created_at >= ${since}::timestamptz
      union all
      select ${dayOf(sql`ended_at`, zone)}, 0, 0, 0, 1
        from exams where user_id = ${userId} and ended_at >= ${since}::timestamptz
    )
    select day, round(sum(seconds) / 60.0)::int as minutes, sum(reviews)::int as reviews, sum(questions)::int as questions,
      sum(exams)::int as exams
    from parts group by day`);
  return new Map(rows.map((r) => [r.day, r]));
}

const noneDone = { minutes: 0, reviews: 0, questions: 0, exams: 0 };
const doneOf = (r: DoneRow | undefined) =>
  r ? { minutes: Number(r.minutes), reviews: Number(r.reviews), questions: Number(r.questions), exams: Number(r.exams) } : noneDone;

/** The figures generatePlan reads from the database, in one round trip each, all at once. */
async function planInputs(db: Db, userId: string, level: ContentLevel, zone: string, examDay: number) {
  const examEnd = startOfStudyDay(examDay + 1, zone);
  const [due, left, accuracy] = await Promise.all([
    db.execute<{ day: string; n: number }>(sql`
      select ${dayOf(sql`due`, zone)} as day, count(*)::int as n from srs_cards
      where user_id = ${userId} and due < ${examEnd}::timestamptz group by 1`),
    db.execute<{ cards: number; questions: number }>(sql`
      select
        (select count(*)::int from flashcards f where f.course_level = ${level}
          and not exists (select 1 from srs_cards s where s.user_id = ${userId} and s.item_kind = 'flashcard' and s.item_key = f.key)) as cards,
        (select count(*)::int from question_items i where i.level = ${level} and i.pool = 'practice' and not i.retired
          and not exists (select 1 from question_attempts a where a.user_id = ${userId} and a.item_key = i.key)) as questions`),
    db.execute<{ domain: string; accuracy: number }>(sql`
      with latest as (
        select distinct on (a.item_key) a.item_key, a.correct from question_attempts a
        where a.user_id = ${userId} and ${verdictShown('a')} order by a.item_key, a.created_at desc)
      select i.domain, avg(case when latest.correct then 1.0 else 0.0 end)::float8 as accuracy
      from latest join question_items i on i.key = latest.item_key where i.level = ${level} group by i.domain`),
  ]);
  return {
    dueByDay: Object.fromEntries(due.rows.map((r) => [dayOfDate(r.day), Number(r.n)])),
    newCardsLeft: Number(left.rows[0]?.cards ?? 0),
    questionsLeft: Number(left.rows[0]?.questions ?? 0),
    domainAccuracy: Object.fromEntries(accuracy.rows.map((r) => [r.domain, Number(r.accuracy)])),
  };
}

export async function feedUrlOf(deps: ServiceDeps<'config'>, userId: string): Promise<string | null> {
  const [feed] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feed ? `${deps.config.publicUrl}/api/calendar-feed/${feed.token}.ics` : null;
}

/** Everything /calendar shows, and home's "Today's plan". */
/** Days a done assignment stays on the student's list. */
const DONE_ASSIGNMENT_DAYS = 14;

/** The student's class assignments (decision 111): every one not done, and those done in the last 14 days. */
async function myAssignments(deps: ServiceDeps<'config'>, userId: string, today: string): Promise<MyAssignmentView[]> {
  const rows = await assignmentProgressRows(deps, assignmentTargets(sql`m.user_id = ${userId}`));
  const progress = await progressOf(deps, rows);
  const since = new Date(Date.parse(`${today}T00:00:00Z`) - DONE_ASSIGNMENT_DAYS * 86_400_000).toISOString();
  return rows.flatMap((r, i) => {
    const p = progress[i]!;
    if (p.status === 'done' && p.completedAt !== null && p.completedAt < since) return [];
    return [
      {
        id: r.id,
        classId: r.class_id,
        className: r.class_name,
        kind: r.kind,
        level: r.level,
        spec: r.spec,
        title: r.title,
        dueDate: r.due_date,
        createdAt: new Date(r.created_at).toISOString(),
        progress: p,
      },
    ];
  });
}

export async function planOf(deps: ServiceDeps<'config'>, user: Student): Promise<PlanResponse> {
  const { db } = deps;
  const now = deps.now();
  const zone = await zoneOf(db, user.id);
  const today = studyDay(now, zone);
  const todayDate = dateOfDay(today);
  const [[settings], events, feedUrl, assignments] = await Promise.all([
    db.select().from(studyPlans).where(eq(studyPlans.userId, user.id)),
    db
      .select()
      .from(planEvents)
      .where(and(eq(planEvents.userId, user.id), gte(planEvents.date, todayDate)))
      .orderBy(asc(planEvents.date), asc(planEvents.time)),
    feedUrlOf(deps, user.id),
    myAssignments(deps, user.id, todayDate),
  ]);
  const base = {
    today: todayDate,
    timeZone: zone,
    levels: levelsOf(user.courseLevel),
    events: events.map(eventView),
    feedUrl,
    assignments,
  };
  if (!settings) return { ...base, settings: null, plan: null };
  const examDay = dayOfDate(settings.examDate);
  const startDay = Math.min(dayOfDate(settings.startDate), today);
  const since = startOfStudyDay(Math.max(startDay, today - 366), zone);
  const [inputs, done, shifts] = await Promise.all([
    planInputs(db, user.id, settings.level as ContentLevel, zone, examDay),
    doneByDay(db, user.id, zone, since),
    db
      .select({ date: planEvents.date })
      .from(planEvents)
      .where(and(eq(planEvents.userId, user.id), eq(planEvents.type, 'clinical_shift'), gte(planEvents.date, todayDate))),
  ]);
  const plan = generatePlan({
    today,
    examDay,
    level: settings.level as ContentLevel,
    restWeekday: settings.restWeekday,
    ...inputs,
    shiftDays: shifts.map((s) => dayOfDate(s.date)),
    startDay,
    activeDays: [...done.values()]
      .filter((d) => Number(d.minutes) + Number(d.reviews) + Number(d.questions) + Number(d.exams) > 0)
      .map((d) => dayOfDate(d.day)),
  });
  return {
    ...base,
    settings: {
      examDate: settings.examDate,
      level: settings.level as ContentLevel,
      restWeekday: settings.restWeekday,
      startDate: settings.startDate,
    },
    plan: {
      days: plan.days.map(({ day: _day, questions, ...d }) => ({
        ...d,
        questions: Object.entries(questions).map(([domain, count]) => ({ domain, count })),
        done: d.date === todayDate ? doneOf(done.get(d.date)) : null,
      })),
      past: plan.past.map((p) => ({ date: p.date, status: p.status, done: doneOf(done.get(p.date)) })),
      coveredBy: plan.coveredBy,
      domainTotals: plan.domainTotals,
      unplanned: plan.unplanned,
      examPassed: plan.examPassed,
    },
  };
}

export async function savePlan(deps: ServiceDeps<'config'>, user: Student, body: PlanSettingsBody & { restWeekday: number }) {
  const now = deps.now();
  const zone = await zoneOf(deps.db, user.id);
  const today = studyDay(now, zone);
  const examDay = dayOfDate(body.examDate);
  if (examDay < today) throw fieldError('examDate', 'Choose today or a day ahead');
  if (examDay > today + MAX_DAYS_AHEAD) throw fieldError('examDate', 'Choose a date within two years');
  if (!levelsOf(user.courseLevel).includes(body.level))
    throw fieldError('level', `Your course level is ${user.courseLevel}: choose ${levelsOf(user.courseLevel).join(' or ')}`);
  const [before] = await deps.db.select().from(studyPlans).where(eq(studyPlans.userId, user.id));
  await deps.db
    .insert(studyPlans)
    .values({
      userId: user.id,
      examDate: body.examDate,
      level: body.level,
      restWeekday: body.restWeekday,
      startDate: dateOfDay(today),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: studyPlans.userId,
      // a changed exam date starts the plan again from today; the rest day or level alone keep the start
      set: {
        examDate: body.examDate,
        level: body.level,
        restWeekday: body.restWeekday,
        updatedAt: now,
        ...(before && before.examDate !== body.examDate ? { startDate: dateOfDay(today) } : {}),
      },
    });
  const changed = !before || before.examDate !== body.examDate || before.level !== body.level || before.restWeekday !== body.restWeekday;
  if (changed) await usageEvent(deps, user.id, 'plan_change', `${body.level}:${body.examDate}`);
  return planOf(deps, user);
}

/** Adds an event; the same `id` again (a retry) is the same event and one usage event. */
export async function addEvent(deps: ServiceDeps, userId: string, body: PlanEventUpdateBody & { id: string; durationMinutes: number }) {
  const inserted = await deps.db
    .insert(planEvents)
    .values({
      id: body.id,
      userId,
      title: body.title,
      type: body.type,
      date: body.date,
      time: body.time,
      durationMinutes: body.durationMinutes,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) {
    await usageEvent(deps, userId, 'event_add', body.type);
    return eventView(inserted[0]);
  }
  const [existing] = await deps.db
    .select()
    .from(planEvents)
    .where(and(eq(planEvents.id, body.id), eq(planEvents.userId, userId)));
  // the id is someone else's: the client must pick another
  if (!existing) throw new HttpError(409, ERROR_CODES.conflict, 'This event could not be added. Try again.');
  return eventView(existing);
}

export async function updateEvent(deps: ServiceDeps, userId: string, id: string, body: PlanEventUpdateBody & { durationMinutes: number }) {
  const [row] = await deps.db
    .update(planEvents)
    .set({
      title: body.title,
      type: body.type,
      date: body.date,
      time: body.time,
      durationMinutes: body.durationMinutes,
      updatedAt: deps.now(),
    })
    .where(and(eq(planEvents.id, id), eq(planEvents.userId, userId)))
    .returning();
  if (!row) throw notFound('This event does not exist.');
  return eventView(row);
}

export async function deleteEvent(deps: ServiceDeps, userId: string, id: string) {
  const rows = await deps.db
    .delete(planEvents)
    .where(and(eq(planEvents.id, id), eq(planEvents.userId, userId)))
    .returning({ id: planEvents.id });
  if (!rows.length) throw notFound('This event does not exist.');
}

/** A new private subscription address; the student's older one stops answering. */
export async function renewFeed(deps: ServiceDeps<'config'>, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await deps.db
    .insert(calendarFeeds)
    .values({ userId, token, createdAt: deps.now() })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: deps.now() } });
  return `${deps.config.publicUrl}/api/calendar-feed/${token}.ics`;
}

export async function revokeFeed(deps: ServiceDeps, userId: string) {
  await deps.db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The student a subscription token belongs to, or null (unknown or revoked). */
export async function feedOwner(deps: ServiceDeps, token: string): Promise<Student | null> {
  const { rows } = await deps.db.execute<{ id: string; course_level: CourseLevel }>(sql`
    select u.id, u.course_level from ${calendarFeeds} f join ${users} u on u.id = f.user_id
    where f.token = ${token} and u.subscription_status = 'active' and u.expiration_date > ${deps.now()}::timestamptz
      and not coalesce(u.banned, false)`);
  return rows[0] ? { id: rows[0].id, courseLevel: rows[0].course_level } : null;
}

/** Every event of the student (past ones too), for the calendar export. */
export async function allEvents(deps: ServiceDeps, userId: string): Promise<PlanEventView[]> {
  const rows = await deps.db
    .select()
    .from(planEvents)
    .where(eq(planEvents.userId, userId))
    .orderBy(asc(planEvents.date), asc(planEvents.time));
  return rows.map(eventView);
}
