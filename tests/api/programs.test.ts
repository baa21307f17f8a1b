import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classDetailResponse,
  classPreviewResponse,
  classResponse,
  instructorClassesResponse,
  joinClassResponse,
  myClassesResponse,
  type ClassView,
  type CreateClassBody,
} from '../../src/shared/contracts/programs';
import { auditLog, classes, users } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Programs (decision 106): an administrator makes an instructor, the instructor makes a class and its code, students join
// it having seen what the instructor will see, the seats hold under concurrent joins, and a student who leaves is in no
// instructor view from that moment.

type User = Awaited<ReturnType<typeof signedInUser>>;

const CLASS: CreateClassBody = {
  name: 'EMT Basic — Spring cohort',
  level: 'EMT',
  startDate: '2026-09-01',
  endDate: '2027-03-01',
  examWindowStart: '2027-03-02',
  examWindowEnd: '2027-04-30',
  seats: 30,
  grantsAccessDays: 90,
};

describe.each(testDatabases())('programs API on %s', (kind) => {
  let s: TestServer;
  let admin: User;
  beforeAll(async () => {
    s = await startTestServer(kind);
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const createClass = async (who: User, body: Partial<CreateClassBody> = {}): Promise<ClassView> => {
    const res = await s.request('/api/instructor/classes', { method: 'POST', cookie: who.cookie, json: { ...CLASS, ...body } });
    expect(res.status, await res.clone().text()).toBe(201);
    return classResponse.parse(await res.json()).class;
  };
  const join = (who: User, code: string, choices: { emailVisible?: boolean; outcomesConsent?: boolean } = {}) =>
    s.request('/api/classes/join', { method: 'POST', cookie: who.cookie, json: { code, ...choices } });
  const roster = async (who: User, id: string) => {
    const res = await s.request(`/api/instructor/classes/${id}`, { cookie: who.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return classDetailResponse.parse(await res.json());
  };
  const makeInstructor = async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const res = await s.request(`/api/admin/users/${u.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'instructor' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).user.role).toBe('instructor');
    return u;
  };

  it('an administrator makes an instructor (audited), who creates a class and gets its code', async () => {
    const teacher = await makeInstructor();
    const [grant] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role'), eq(auditLog.targetId, teacher.id)));
    expect(grant).toMatchObject({ actorId: admin.id, before: { role: 'user' }, after: { role: 'instructor' } });
    const made = await createClass(teacher);
    expect(made).toMatchObject({ name: CLASS.name, level: 'EMT', seats: 30, seatsTaken: 0, members: 0, grantsAccessDays: 90 });
    expect(made.code).toMatch(/^CLASS-[A-Z2-9]{6}$/);
    const [created] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'class.create'), eq(auditLog.targetId, made.id)));
    expect(created?.actorId).toBe(teacher.id);
    const mine = await s.request('/api/instructor/classes', { cookie: teacher.cookie });
    expect(instructorClassesResponse.parse(await mine.json()).classes.map((c) => c.id)).toEqual([made.id]);
    // an administrator teaches a class they create too, and sees every class
    const own = await createClass(admin, { name: 'Paramedic night class', level: 'Paramedic', grantsAccessDays: null });
    const all = instructorClassesResponse.parse(await (await s.request('/api/instructor/classes', { cookie: admin.cookie })).json());
    expect(all.classes.map((c) => c.id)).toEqual(expect.arrayContaining([made.id, own.id]));
    // another instructor sees neither, and cannot open them
    const other = await makeInstructor();
    const theirs = instructorClassesResponse.parse(await (await s.request('/api/instructor/classes', { cookie: other.cookie })).json());
    expect(theirs.classes).toEqual([]);
    expect((await s.request(`/api/instructor/classes/${made.id}`, { cookie: other.cookie })).status).toBe(404);
  });

  it('refuses a class with bad fields, each on its field', async () => {
    const teacher = await makeInstructor();
    const res = await s.request('/api/instructor/classes', {
      method: 'POST',
      cookie: teacher.cookie,
      json: { ...CLASS, name: ' ', seats: 0 },
    });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['name', 'seats']);
    const dates = await s.request('/api/instructor/classes', {
      method: 'POST',
      cookie: teacher.cookie,
      json: { ...CLASS, endDate: '2026-08-01' },
    });
    expect((await dates.json()).error.issues).toEqual([{ path: 'endDate', message: 'The class ends on or after its first day' }]);
  });

  it('previews, joins with the chosen visibility, grants the days once, and shows the instructor only what was shown', async () => {
    const teacher = await makeInstructor();
    const made = await createClass(teacher);
    const lapsed = await signedInUser(s);
    const preview = await s.request(`/api/classes/preview?code=${made.code.toLowerCase()}`, { cookie: lapsed.cookie });
    expect(preview.status).toBe(200);
    expect(classPreviewResponse.parse(await preview.json()).preview).toMatchObject({
      name: CLASS.name,
      grantsAccessDays: 90,
      alreadyMember: false,
    });
    const joined = await join(lapsed, ` ${made.code.toLowerCase()} `, { emailVisible: false, outcomesConsent: true });
    expect(joined.status, await joined.clone().text()).toBe(201);
    const body = joinClassResponse.parse(await joined.json());
    expect(body.membership).toMatchObject({ classId: made.id, emailVisible: false, outcomesConsent: true });
    const [profile] = await db().select().from(users).where(eq(users.id, lapsed.id));
    expect(profile!.subscriptionStatus).toBe('active');
    expect(profile!.expirationDate!.toISOString()).toBe(body.expirationDate);
    const days = (profile!.expirationDate!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const visible = await signedInUser(s, { activeDays: 10 });
    expect((await join(visible, made.code, { emailVisible: true })).status).toBe(201);
    const again = await join(visible, made.code);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('ALREADY_IN_CLASS');

    const view = await roster(teacher, made.id);
    expect(view.class).toMatchObject({ seatsTaken: 2, members: 2 });
    const byId = Object.fromEntries(view.students.map((x) => [x.userId, x]));
    expect(byId[lapsed.id]).toMatchObject({ email: null, outcomesConsent: true });
    expect(byId[visible.id]).toMatchObject({ email: visible.email, outcomesConsent: false });
    // nothing of payment reaches the instructor
    expect(JSON.stringify(view)).not.toMatch(/stripe|subscription|expiration|card/i);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'class.join'), eq(auditLog.targetId, made.id)));
    expect(audit.map((a) => a.actorId).sort()).toEqual([lapsed.id, visible.id].sort());
  });

  it('leaving removes the student from every instructor view at once; coming back takes no second seat or grant', async () => {
    const teacher = await makeInstructor();
    const made = await createClass(teacher, { seats: 2 });
    const student = await signedInUser(s);
    expect((await join(student, made.code, { emailVisible: true })).status).toBe(201);
    expect((await roster(teacher, made.id)).students.map((x) => x.userId)).toEqual([student.id]);
    const [before] = await db().select({ exp: users.expirationDate }).from(users).where(eq(users.id, student.id));

    const left = await s.request(`/api/classes/${made.id}/membership`, { method: 'DELETE', cookie: student.cookie });
    expect(left.status).toBe(204);
    const after = await roster(teacher, made.id);
    expect(after.students).toEqual([]);
    expect(after.class).toMatchObject({ members: 0, seatsTaken: 1 });
    expect(myClassesResponse.parse(await (await s.request('/api/classes', { cookie: student.cookie })).json()).classes).toEqual([]);
    const list = instructorClassesResponse.parse(await (await s.request('/api/instructor/classes', { cookie: teacher.cookie })).json());
    expect(list.classes[0]!.members).toBe(0);
    expect((await s.request(`/api/classes/${made.id}/membership`, { method: 'DELETE', cookie: student.cookie })).status).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'class.leave'), eq(auditLog.actorId, student.id)));
    expect(audit?.targetId).toBe(made.id);

    const back = await join(student, made.code);
    expect(back.status).toBe(201);
    expect(joinClassResponse.parse(await back.json()).expirationDate).toBeNull();
    const [now] = await db().select({ exp: users.expirationDate }).from(users).where(eq(users.id, student.id));
    expect(now!.exp).toEqual(before!.exp);
    const rejoined = await roster(teacher, made.id);
    expect(rejoined.class.seatsTaken).toBe(1);
    // the choices are asked again: this time the e-mail stays hidden
    expect(rejoined.students).toEqual([expect.objectContaining({ userId: student.id, email: null })]);
  });

  it('gives exactly the seats under 30 concurrent joins', async () => {
    const teacher = await makeInstructor();
    const made = await createClass(teacher, { seats: 7 });
    const students = await Promise.all(Array.from({ length: 30 }, () => signedInUser(s)));
    const answers = await Promise.all(students.map((u) => join(u, made.code)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(7);
    expect(statuses.filter((x) => x === 409)).toHaveLength(23);
    for (const r of answers.filter((x) => x.status === 409)) expect((await r.json()).error.code).toBe('CLASS_FULL');
    const [row] = await db().select({ taken: classes.seatsTaken }).from(classes).where(eq(classes.id, made.id));
    expect(row!.taken).toBe(7);
    const granted = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from users where subscription_status = 'active' and id in (select user_id from class_members where class_id = ${made.id})`,
    );
    expect(granted.rows[0]!.n).toBe(7);
    expect((await roster(teacher, made.id)).students).toHaveLength(7);
    // a full class says so before the join, too
    const late = await signedInUser(s);
    const preview = await s.request(`/api/classes/preview?code=${made.code}`, { cookie: late.cookie });
    expect(preview.status).toBe(409);
    expect((await preview.json()).error.message).toBe('This class is full. Ask your instructor for a seat.');
  });

  it('answers an unknown code, an ended class and a validation code shaped like a class code clearly', async () => {
    const student = await signedInUser(s);
    const unknown = await join(student, 'CLASS-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({
      code: 'INVALID_CODE',
      message: 'No class has this code. Check it with your instructor.',
    });
    const teacher = await makeInstructor();
    const ended = await createClass(teacher, {
      startDate: '2020-01-01',
      endDate: '2020-06-01',
      examWindowStart: null,
      examWindowEnd: null,
    });
    const res = await join(student, ended.code);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('CLASS_ENDED');
    const coupon = await s.request('/api/admin/codes', {
      method: 'POST',
      cookie: admin.cookie,
      json: { name: 'x', code: 'CLASS-ABCDEF', duration: 1, durationType: 'days' },
    });
    expect(coupon.status).toBe(400);
    expect((await coupon.json()).error.issues[0].path).toBe('code');
  });
  it("shows each student's study as the join screen said, and flags who is at risk with the reason", async () => {
    const teacher = await makeInstructor();
    const made = await createClass(teacher, { level: 'EMT', examWindowStart: null, examWindowEnd: null });
    const busy = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const idle = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    for (const u of [busy, idle]) expect((await join(u, made.code)).status).toBe(201);
    // 12 practice answers of one domain, 90 seconds each, today
    const items = await db().execute<{ key: string; domain: string }>(
      sql`select key, domain from question_items where level = 'EMT' and pool = 'practice' and not retired and case_key is null
          and domain = (select domain from question_items where level = 'EMT' and pool = 'practice' order by domain limit 1)
          order by key limit 12`,
    );
    const [session] = (
      await db().execute<{ id: string }>(
        sql`insert into question_sessions (user_id, level, mode, settings, items) values (${busy.id}, 'EMT', 'tutor', '{}'::jsonb, '[]'::jsonb) returning id`,
      )
    ).rows;
    for (const [i, item] of items.rows.entries())
      await db().execute(sql`insert into question_attempts (session_id, user_id, item_key, answer, correct, time_ms, mode, client_id)
        values (${session!.id}, ${busy.id}, ${item.key}, '{}'::jsonb, ${i % 4 !== 0}, 90000, 'tutor', ${`c-${i}`})`);

    const view = await roster(teacher, made.id);
    const domain = items.rows[0]!.domain;
    const at = view.domains.indexOf(domain);
    expect(at).toBeGreaterThanOrEqual(0);
    const byId = Object.fromEntries(view.students.map((x) => [x.userId, x.study]));
    expect(byId[busy.id]).toMatchObject({ questionsAnswered: 12, minutesThisWeek: 18, practiceExams: 0, latest: null, atRisk: [] });
    expect(byId[busy.id]!.domains[at]).toMatch(/^(Above|Near|Below)$/);
    expect(byId[busy.id]!.domains.filter((d) => d !== null)).toHaveLength(1);
    expect(byId[idle.id]).toMatchObject({ questionsAnswered: 0, lastActivityAt: null, atRisk: [] });

    // eight days on, neither has studied since: both are flagged, each with the reason
    s.advanceClock(8 * 86_400_000);
    const later = Object.fromEntries((await roster(teacher, made.id)).students.map((x) => [x.userId, x.study]));
    expect(later[busy.id]!.atRisk).toEqual([{ reason: 'inactive', text: 'No activity for 8 days' }]);
    expect(later[idle.id]!.atRisk).toEqual([{ reason: 'inactive', text: 'No activity since joining 8 days ago' }]);
    expect(later[busy.id]!.minutesThisWeek).toBe(0);
    s.advanceClock(-8 * 86_400_000);
  });
});
