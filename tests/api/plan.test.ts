import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planEventResponse, planFeedResponse, planResponse, type PlanResponse } from '../../src/shared/contracts/plan';
import { dateOfDay } from '../../src/shared/plan';
import { studyDay } from '../../src/shared/study-day';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The study plan (decision 105): the exam date and the plan's days, per-user events, the .ics export parsed back by a real
// iCalendar parser (ical.js), and the private subscription address that a revoke turns into a 404.

type Student = Awaited<ReturnType<typeof signedInUser>>;
const ZONE = 'America/Chicago';

describe.each(testDatabases())('plan API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const today = () => studyDay(s.deps.now(), ZONE);
  const student = async (courseLevel: 'EMT' | 'Paramedic' | 'Both' = 'EMT') => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel });
    // the home visit records the student's zone: the plan's days are their study days
    expect((await s.request('/api/home', { method: 'POST', cookie: u.cookie, json: { timeZone: ZONE } })).status).toBe(200);
    return u;
  };
  const getPlan = async (u: Student): Promise<PlanResponse> => {
    const res = await s.request('/api/plan', { cookie: u.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return planResponse.parse(await res.json());
  };
  const setPlan = (u: Student, json: unknown) => s.request('/api/plan', { method: 'PUT', cookie: u.cookie, json });
  const addEvent = (u: Student, json: Record<string, unknown>) =>
    s.request('/api/plan/events', { method: 'POST', cookie: u.cookie, json: { id: randomUUID(), ...json } });
  const events = async (u: Student, action: string) =>
    Number(
      (
        await s.deps.db.execute<{ n: number }>(
          sql`select count(*)::int as n from user_interactions where user_id = ${u.id} and feature_type = 'plan' and action_type = ${action}`,
        )
      ).rows[0]!.n,
    );

  it('asks for an exam date, then plans each day to it, and records the change once', async () => {
    const u = await student();
    const before = await getPlan(u);
    expect(before).toMatchObject({ settings: null, plan: null, today: dateOfDay(today()), timeZone: ZONE, levels: ['EMT'] });
    const examDate = dateOfDay(today() + 21);
    const res = await setPlan(u, { examDate, level: 'EMT', restWeekday: 0 });
    expect(res.status, await res.clone().text()).toBe(200);
    const view = planResponse.parse(await res.json());
    expect(view.settings).toEqual({ examDate, level: 'EMT', restWeekday: 0, startDate: dateOfDay(today()) });
    const days = view.plan!.days;
    expect(days).toHaveLength(22);
    expect(days[0]!.date).toBe(dateOfDay(today()));
    expect(days[0]!.done).toEqual({ minutes: 0, reviews: 0, questions: 0, exams: 0 });
    expect(days.at(-1)).toMatchObject({ date: examDate, kind: 'exam' });
    // the shipped bank: every EMT domain has questions planned, all of them a week before the exam
    expect(view.plan!.domainTotals.every((d) => d.questions > 0)).toBe(true);
    expect(view.plan!.coveredBy).toBe(dateOfDay(today() + 13));
    expect(days.filter((d) => d.practiceExam).length).toBeGreaterThanOrEqual(3);
    // the same settings again are no change
    expect((await setPlan(u, { examDate, level: 'EMT', restWeekday: 0 })).status).toBe(200);
    expect(await events(u, 'plan_change')).toBe(1);
    expect((await setPlan(u, { examDate, level: 'EMT', restWeekday: 3 })).status).toBe(200);
    expect(await events(u, 'plan_change')).toBe(2);
    // the admin's usage analytics show the plan as a feature of its own
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const analytics = await s.request(`/api/admin/users/${u.id}/analytics`, { cookie: admin.cookie });
    expect(analytics.status).toBe(200);
    const { byFeature } = (await analytics.json()) as { byFeature: { feature: string; events: number }[] };
    expect(byFeature.find((f) => f.feature === 'plan')).toEqual({ feature: 'plan', events: 2, minutes: 0 });
  });

  it('refuses a past date, a date two years out and another level, each on its field', async () => {
    const u = await student();
    const issue = async (json: unknown) => {
      const res = await setPlan(u, json);
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues[0];
    };
    expect(await issue({ examDate: dateOfDay(today() - 1), level: 'EMT', restWeekday: 0 })).toEqual({
      path: 'examDate',
      message: 'Choose today or a day ahead',
    });
    expect((await issue({ examDate: dateOfDay(today() + 800), level: 'EMT', restWeekday: 0 }))!.path).toBe('examDate');
    expect((await issue({ examDate: '2027-02-30', level: 'EMT', restWeekday: 0 }))!.path).toBe('examDate');
    expect((await issue({ examDate: dateOfDay(today() + 30), level: 'Paramedic', restWeekday: 0 }))!.path).toBe('level');
    expect((await issue({ examDate: dateOfDay(today() + 30), level: 'EMT', restWeekday: 7 }))!.path).toBe('restWeekday');
  });

  it('keeps events per user: add, edit, delete; a retried add is one event; a shift makes its day light', async () => {
    const u = await student();
    const other = await student();
    await setPlan(u, { examDate: dateOfDay(today() + 28), level: 'EMT', restWeekday: 0 });
    const id = randomUUID();
    const shiftDate = dateOfDay(today() + 2);
    const body = { id, title: 'ER clinical, St. Mary’s', type: 'clinical_shift', date: shiftDate, time: '07:00', durationMinutes: 720 };
    const first = await s.request('/api/plan/events', { method: 'POST', cookie: u.cookie, json: body });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(planEventResponse.parse(await first.json()).event).toEqual({ ...body, title: 'ER clinical, St. Mary’s' });
    // the outbox's retry: the same event, one usage event
    expect((await s.request('/api/plan/events', { method: 'POST', cookie: u.cookie, json: body })).status).toBe(201);
    expect(await events(u, 'event_add')).toBe(1);
    const mine = await getPlan(u);
    expect(mine.events.map((e) => e.id)).toEqual([id]);
    const shiftDay = mine.plan!.days.find((d) => d.date === shiftDate)!;
    // unless the shift falls on the rest day or a practice exam moves there, the day is light
    if (shiftDay.kind !== 'rest') expect(shiftDay).toMatchObject({ kind: 'light', shift: true, practiceExam: false });
    // the other student sees none of it and can neither change nor delete it, nor take its id
    expect((await getPlan(other)).events).toEqual([]);
    expect(
      (await s.request(`/api/plan/events/${id}`, { method: 'PUT', cookie: other.cookie, json: { ...body, id: undefined, title: 'Mine' } }))
        .status,
    ).toBe(404);
    expect((await s.request(`/api/plan/events/${id}`, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await s.request('/api/plan/events', { method: 'POST', cookie: other.cookie, json: body })).status).toBe(409);
    // edit
    const { id: _id, ...fields } = body;
    const edited = await s.request(`/api/plan/events/${id}`, {
      method: 'PUT',
      cookie: u.cookie,
      json: { ...fields, title: 'Study group', type: 'study_group', time: '18:30', durationMinutes: 90 },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    expect(planEventResponse.parse(await edited.json()).event).toMatchObject({ title: 'Study group', type: 'study_group', time: '18:30' });
    // a bad field is refused on that field
    const bad = await addEvent(u, { title: '', type: 'party', date: shiftDate, time: '25:00' });
    expect(bad.status).toBe(400);
    const paths = ((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['title', 'type', 'time']));
    // delete
    expect((await s.request(`/api/plan/events/${id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(204);
    expect((await getPlan(u)).events).toEqual([]);
    expect((await s.request(`/api/plan/events/${id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(404);
  });

  it('exports a valid iCalendar file with the plan and the events', async () => {
    const u = await student();
    const examDate = dateOfDay(today() + 10);
    await setPlan(u, { examDate, level: 'EMT', restWeekday: 6 });
    const eventDate = dateOfDay(today() + 3);
    await addEvent(u, { title: 'Skills lab; bring BVM, gloves', type: 'class', date: eventDate, time: '09:15', durationMinutes: 120 });
    const res = await s.request('/api/plan/calendar.ics', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const vevents = cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    const exam = vevents.find((e) => e.summary === 'NREMT EMT exam')!;
    expect(exam.startDate.isDate).toBe(true);
    expect(exam.startDate.toString()).toBe(examDate);
    const lab = vevents.find((e) => e.summary === 'Skills lab; bring BVM, gloves')!;
    // 09:15 in Chicago, two hours
    const start = lab.startDate.toJSDate();
    expect(
      new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }).format(start),
    ).toBe(`${eventDate}, 09:15`);
    expect(lab.endDate.toJSDate().getTime() - start.getTime()).toBe(2 * 3_600_000);
    // each plan day with work is an all-day event; every event has its own UID
    const study = vevents.filter((e) => e.summary.startsWith('Study plan:'));
    expect(study.length).toBeGreaterThan(3);
    expect(study.every((e) => e.startDate.isDate)).toBe(true);
    expect(new Set(vevents.map((e) => e.uid)).size).toBe(vevents.length);
    // lines are folded at 75 octets
    expect(text.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });

  it('serves a private subscription address without a session, until it is revoked or renewed', async () => {
    const u = await student();
    await setPlan(u, { examDate: dateOfDay(today() + 14), level: 'EMT', restWeekday: 0 });
    const created = await s.request('/api/plan/feed', { method: 'POST', cookie: u.cookie });
    expect(created.status).toBe(201);
    const { feedUrl } = planFeedResponse.parse(await created.json());
    expect(feedUrl).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feed\/[A-Za-z0-9_-]{32}\.ics$/);
    expect((await getPlan(u)).feedUrl).toBe(feedUrl);
    const path = new URL(feedUrl).pathname;
    const feed = await s.request(path);
    expect(feed.status).toBe(200);
    const cal = new ICAL.Component(ICAL.parse(await feed.text()));
    expect(cal.getAllSubcomponents('vevent').length).toBeGreaterThan(3);
    // a renewed address replaces the old one
    const renewed = planFeedResponse.parse(await (await s.request('/api/plan/feed', { method: 'POST', cookie: u.cookie })).json()).feedUrl;
    expect(renewed).not.toBe(feedUrl);
    expect((await s.request(path)).status).toBe(404);
    const renewedPath = new URL(renewed).pathname;
    expect((await s.request(renewedPath)).status).toBe(200);
    // revoked: the address is a 404, like one that never existed
    expect((await s.request('/api/plan/feed', { method: 'DELETE', cookie: u.cookie })).status).toBe(204);
    expect((await s.request(renewedPath)).status).toBe(404);
    expect((await getPlan(u)).feedUrl).toBeNull();
    expect((await s.request('/api/calendar-feed/not-a-token')).status).toBe(404);
  });

  it('after the exam date has passed, has no days left and says so', async () => {
    const u = await student();
    await setPlan(u, { examDate: dateOfDay(today() + 1), level: 'EMT', restWeekday: 0 });
    s.advanceClock(3 * 86_400_000);
    try {
      const after = await getPlan(u);
      expect(after.plan).toMatchObject({ examPassed: true, days: [] });
      expect(after.settings!.examDate).toBe(dateOfDay(today() - 2));
    } finally {
      s.advanceClock(-3 * 86_400_000);
    }
  });

  it('shows what was done on a day and reports the day before as missed', async () => {
    const u = await student();
    await setPlan(u, { examDate: dateOfDay(today() + 20), level: 'EMT', restWeekday: (today() + 4 + 3) % 7 });
    // ten studied minutes today (the usage tracker's heartbeats)
    const posted = await s.request('/api/events', {
      method: 'POST',
      cookie: u.cookie,
      json: {
        events: [1, 2].map(() => ({
          id: randomUUID(),
          featureType: 'flashcard_emt',
          actionType: 'heartbeat',
          durationSeconds: 300,
          createdAt: s.deps.now().toISOString(),
        })),
      },
    });
    expect(posted.status, await posted.clone().text()).toBeLessThan(300);
    expect((await getPlan(u)).plan!.days[0]!.done).toEqual({ minutes: 10, reviews: 0, questions: 0, exams: 0 });
    // two days later: today is done, tomorrow missed
    s.advanceClock(2 * 86_400_000);
    const later = await getPlan(u);
    expect(later.plan!.past.map((p) => p.status)).toEqual(['done', 'missed']);
    expect(later.plan!.past[0]!.done.minutes).toBe(10);
    s.advanceClock(-2 * 86_400_000);
  });
});
