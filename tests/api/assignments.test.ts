import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classAssignmentResponse,
  classAssignmentsResponse,
  type ClassAssignmentView,
  type CreateAssignmentBody,
} from '../../src/shared/contracts/assignments';
import { examView } from '../../src/shared/contracts/exam';
import { planResponse } from '../../src/shared/contracts/plan';
import { classDetailResponse, type ClassView, type CreateClassBody } from '../../src/shared/contracts/programs';
import type { PublicItem, QuestionSession } from '../../src/shared/contracts/questions';
import { auditLog } from '../../src/server/db/schema';
import { keyedFor, wrongFor, type ItemBody } from '../helpers/item-answers';
import { joinedStudent, makeClass, makeInstructor } from '../helpers/programs';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Class assignments (docs/decisions/111-class-assignments.md): an instructor sets a question set, a flash-card category, a
// scenario or a practice exam for the class or chosen students; each student sees theirs on the plan (home and calendar),
// starts it, and the instructor sees what each has done — read from the student's own study.

type User = Awaited<ReturnType<typeof signedInUser>>;

const CLASS: CreateClassBody = {
  name: 'EMT Basic — Assignments',
  level: 'EMT',
  startDate: '2026-09-01',
  endDate: '2027-06-01',
  examWindowStart: '2027-06-02',
  examWindowEnd: null,
  seats: 30,
  grantsAccessDays: null,
};
const DUE = '2027-01-15';

describe.each(testDatabases())('class assignments on %s', (kind) => {
  let s: TestServer;
  let admin: User;
  beforeAll(async () => {
    // a short exam (3..5 scored items + 1 pilot) that a test can finish
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const json = async <T = unknown>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (text ? JSON.parse(text) : null) as T;
  };
  const instructor = () => makeInstructor(s, admin);
  const classOf = (teacher: User) => makeClass(s, teacher, CLASS);
  const student = (c: ClassView) => joinedStudent(s, c, false, 30);
  const assign = (who: User, c: ClassView, body: CreateAssignmentBody) =>
    s.request(`/api/instructor/classes/${c.id}/assignments`, { method: 'POST', cookie: who.cookie, json: body });
  const assigned = async (who: User, c: ClassView, body: CreateAssignmentBody): Promise<ClassAssignmentView> =>
    classAssignmentResponse.parse(await json(await assign(who, c, body), 201)).assignment;
  const list = async (who: User, c: ClassView) =>
    classAssignmentsResponse.parse(await json(await s.request(`/api/instructor/classes/${c.id}/assignments`, { cookie: who.cookie })));
  const mine = async (u: User) => planResponse.parse(await json(await s.request('/api/plan', { cookie: u.cookie }))).assignments;
  const bodyOf = async (key: string) =>
    (await db().execute<{ body: ItemBody }>(sql`select body from question_items where key = ${key}`)).rows[0]!.body;

  /** Answers every item of a session in turn (a case's later item comes with the answer before it), `right` of them right. */
  const finishSession = async (u: User, session: QuestionSession, right: number) => {
    const queue: PublicItem[] = [...session.items];
    let answered = 0;
    while (queue.length) {
      const item = queue.shift()!;
      const body = await bodyOf(item.key);
      const res = await json<{ next?: PublicItem }>(
        await s.request(`/api/questions/sessions/${session.id}/answers`, {
          method: 'POST',
          cookie: u.cookie,
          json: {
            itemKey: item.key,
            answer: answered < right ? keyedFor(item, body) : wrongFor(item, body),
            timeMs: 4000,
            clientId: randomUUID(),
          },
        }),
      );
      answered++;
      if (res.next && !queue.some((q) => q.key === res.next!.key)) queue.push(res.next);
    }
    expect(answered).toBe(session.count);
    await json(await s.request(`/api/questions/sessions/${session.id}/complete`, { method: 'POST', cookie: u.cookie }));
  };

  it('a question set: the student starts it from their plan, and the instructor sees it done with its score', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [ana, ben] = [await student(c), await student(c)];
    const a = await assigned(teacher, c, {
      spec: { kind: 'questions', domains: ['Primary Assessment'], topics: [], count: 10, mode: 'tutor' },
      dueDate: DUE,
    });
    expect(a).toMatchObject({ title: '10 questions: Primary Assessment', dueDate: DUE, toAll: true, kind: 'questions' });
    expect(a.students.map((x) => x.progress.status)).toEqual(['not_started', 'not_started']);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assignment.create'), eq(auditLog.targetId, c.id)));
    expect(audit).toMatchObject({ actorId: teacher.id, after: { assignmentId: a.id, dueDate: DUE } });

    const [onPlan] = await mine(ana);
    expect(onPlan).toMatchObject({ id: a.id, className: CLASS.name, title: a.title, progress: { status: 'not_started' } });

    // the assignment's choices replace what the client sends: 10 Primary Assessment questions in tutor mode
    const session = (
      await json<{ session: QuestionSession }>(
        await s.request('/api/questions/sessions', {
          method: 'POST',
          cookie: ana.cookie,
          json: { level: 'EMT', domains: [], topics: [], count: 50, mode: 'timed', assignmentId: a.id },
        }),
        201,
      )
    ).session;
    expect(session).toMatchObject({ count: 10, mode: 'tutor' });
    const { rows } = await db().execute<{ domain: string }>(sql`
      select i.domain from question_sessions qs, jsonb_array_elements(qs.items) e join question_items i on i.key = e->>'key'
      where qs.id = ${session.id}`);
    expect(new Set(rows.map((r) => r.domain))).toEqual(new Set(['Primary Assessment']));
    expect((await mine(ana))[0]!.progress).toMatchObject({ status: 'in_progress', done: 0, total: 10, startedId: session.id });

    await finishSession(ana, session, 7);
    const done = (await mine(ana))[0]!.progress;
    expect(done).toMatchObject({ status: 'done', done: 10, total: 10, scorePercent: 70 });
    const after = (await list(teacher, c)).assignments[0]!;
    const byUser = new Map(after.students.map((x) => [x.userId, x.progress]));
    expect(byUser.get(ana.id)).toMatchObject({ status: 'done', scorePercent: 70 });
    expect(byUser.get(ben.id)).toMatchObject({ status: 'not_started', scorePercent: null });

    // the class's most-missed topics count Ana's 10 first answers, 3 of them wrong
    const { missed } = classDetailResponse.parse(
      await json(await s.request(`/api/instructor/classes/${c.id}`, { cookie: teacher.cookie })),
    );
    expect(missed.topics.reduce((n, t) => n + t.answered, 0)).toBe(10);
    expect(missed.topics.reduce((n, t) => n + t.missed, 0)).toBe(3);
    // an item answered by one student is not yet among the most missed
    expect(missed.items).toEqual([]);
  });

  it('for chosen students only: the others neither see nor can start it', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [ana, ben] = [await student(c), await student(c)];
    const a = await assigned(teacher, c, {
      spec: { kind: 'questions', domains: [], topics: [], count: 10, mode: 'timed' },
      dueDate: DUE,
      studentIds: [ben.id],
    });
    expect(a.toAll).toBe(false);
    expect(a.students.map((x) => x.userId)).toEqual([ben.id]);
    expect(await mine(ana)).toEqual([]);
    expect((await mine(ben)).map((x) => x.id)).toEqual([a.id]);
    const start = (u: User) =>
      s.request('/api/questions/sessions', {
        method: 'POST',
        cookie: u.cookie,
        json: { level: 'EMT', count: 10, mode: 'timed', assignmentId: a.id },
      });
    expect((await start(ana)).status).toBe(404);
    const outsider = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect((await start(outsider)).status).toBe(404);
    // a timed quiz's score is told only once it ends
    const session = (await json<{ session: QuestionSession }>(await start(ben), 201)).session;
    expect(session.mode).toBe('timed');
    expect((await mine(ben))[0]!.progress).toMatchObject({ status: 'in_progress', scorePercent: null });
  });

  it('flash cards: done once every card of the category is marked after it was set', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const ana = await student(c);
    const { rows } = await db().execute<{ category: string; n: number }>(sql`
      select category, count(*)::int as n from flashcards where course_level = 'EMT' group by category order by 2, 1 limit 1`);
    const { category, n } = rows[0]!;
    const a = await assigned(teacher, c, { spec: { kind: 'flashcards', category: category as never }, dueDate: DUE });
    expect(a.title).toBe(`Flash cards: ${category}`);
    const cards = await db().execute<{ id: number }>(
      sql`select id from flashcards where course_level = 'EMT' and category = ${category} order by id`,
    );
    for (const [i, card] of cards.rows.entries()) {
      if (i === cards.rows.length - 1) {
        expect((await mine(ana))[0]!.progress).toMatchObject({ status: 'in_progress', done: n - 1, total: n });
      }
      await json(
        await s.request(`/api/flashcards/${card.id}/state`, {
          method: 'PUT',
          cookie: ana.cookie,
          json: { isFlagged: false, isCorrect: i % 2 === 0, isWrong: i % 2 === 1 },
        }),
      );
    }
    expect((await mine(ana))[0]!.progress).toMatchObject({
      status: 'done',
      done: n,
      total: n,
      scorePercent: Math.round((100 * Math.ceil(n / 2)) / n),
    });
  });

  it('a scenario: done with its score once the student completes it after it was set', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const ana = await student(c);
    const { rows } = await db().execute<{ key: string; title: string }>(
      sql`select key, title from scenario_search where course_level = 'EMT' order by key limit 1`,
    );
    const scenario = rows[0]!;
    const a = await assigned(teacher, c, { spec: { kind: 'scenario', key: scenario.key }, dueDate: DUE });
    expect(a.title).toBe(`Scenario: ${scenario.title}`);
    const { scenarios } = await list(teacher, c);
    expect(scenarios.map((x) => x.key)).toContain(scenario.key);
    const complete = (percent: number) =>
      s.request('/api/events', {
        method: 'POST',
        cookie: ana.cookie,
        json: {
          events: [
            {
              id: randomUUID(),
              featureType: 'scenario',
              featureId: scenario.title,
              actionType: 'scenario_complete',
              score: 4,
              totalItems: 5,
              completionPercentage: percent,
              createdAt: new Date().toISOString(),
            },
          ],
        },
      });
    expect((await mine(ana))[0]!.progress.status).toBe('not_started');
    await json(await complete(60));
    await json(await complete(80));
    expect((await mine(ana))[0]!.progress).toMatchObject({ status: 'done', scorePercent: 80 });
  });

  it('a practice exam: an ordinary exam started from it; the instructor sees its verdict and band once it ends', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const ana = await student(c);
    const a = await assigned(teacher, c, { spec: { kind: 'exam', timed: false }, dueDate: DUE });
    expect(a.title).toBe('Practice exam (untimed)');
    let exam = examView.parse(
      await json(await s.request('/api/exam', { method: 'POST', cookie: ana.cookie, json: { assignmentId: a.id, level: 'EMT' } })),
    );
    expect(exam.timed).toBe(false);
    expect((await mine(ana))[0]!.progress).toMatchObject({ status: 'in_progress', exam: null, startedId: exam.id });
    // while it runs the instructor sees no result
    expect((await list(teacher, c)).assignments[0]!.students[0]!.progress).toMatchObject({ status: 'in_progress', exam: null });
    while (exam.status === 'in_progress') {
      const body = await bodyOf(exam.item!.key);
      exam = examView.parse(
        await json(
          await s.request(`/api/exam/${exam.id}/answers`, {
            method: 'POST',
            cookie: ana.cookie,
            json: { position: exam.position, answer: keyedFor(exam.item!, body), timeMs: 2000, clientId: randomUUID() },
          }),
        ),
      );
    }
    const seen = (await list(teacher, c)).assignments[0]!.students[0]!.progress;
    expect(seen.status).toBe('done');
    expect(seen.exam).toEqual({ verdict: exam.result!.verdict, readiness: exam.result!.readiness });
    // the instructor's answer names no item of the exam
    const raw = JSON.stringify(await list(teacher, c));
    const items = await db().execute<{ item_key: string }>(sql`select item_key from exam_items where exam_id = ${exam.id}`);
    expect(items.rows.length).toBeGreaterThan(0);
    for (const r of items.rows) expect(raw).not.toContain(r.item_key);
  });

  it('refuses bad choices on the field they concern, and another instructor reaches nothing', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const ana = await student(c);
    const issue = async (res: Response) => (await json<{ error: { issues?: { path: string }[] } }>(res, 400)).error.issues?.[0]?.path;
    expect(
      await issue(await assign(teacher, c, { spec: { kind: 'questions', domains: ['Trauma'], count: 10, mode: 'tutor' }, dueDate: DUE })),
    ).toBe('spec.domains');
    expect(await issue(await assign(teacher, c, { spec: { kind: 'questions', count: 12 as never, mode: 'tutor' }, dueDate: DUE }))).toBe(
      'spec.count',
    );
    expect(await issue(await assign(teacher, c, { spec: { kind: 'exam' }, dueDate: '2020-01-01' }))).toBe('dueDate');
    expect(await issue(await assign(teacher, c, { spec: { kind: 'exam' }, dueDate: '2027-02-30' }))).toBe('dueDate');
    expect(await issue(await assign(teacher, c, { spec: { kind: 'scenario', key: 'no-such-scenario' }, dueDate: DUE }))).toBe('spec.key');
    const outsider = await signedInUser(s, { activeDays: 30 });
    expect(await issue(await assign(teacher, c, { spec: { kind: 'exam' }, dueDate: DUE, studentIds: [outsider.id] }))).toBe('studentIds');
    expect((await list(teacher, c)).assignments).toEqual([]);

    const a = await assigned(teacher, c, { spec: { kind: 'exam' }, dueDate: DUE });
    const other = await instructor();
    expect((await s.request(`/api/instructor/classes/${c.id}/assignments`, { cookie: other.cookie })).status).toBe(404);
    expect((await assign(other, c, { spec: { kind: 'exam' }, dueDate: DUE })).status).toBe(404);
    const remove = (who: User) =>
      s.request(`/api/instructor/classes/${c.id}/assignments/${a.id}`, { method: 'DELETE', cookie: who.cookie });
    expect((await remove(other)).status).toBe(404);
    expect((await s.request(`/api/instructor/classes/${c.id}/assignments`, { cookie: ana.cookie })).status).toBe(403);
    expect((await mine(ana)).map((x) => x.id)).toEqual([a.id]);
    expect((await remove(teacher)).status).toBe(204);
    expect(await mine(ana)).toEqual([]);
    const [removed] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assignment.delete'), eq(auditLog.targetId, c.id)));
    expect(removed).toMatchObject({ actorId: teacher.id, before: { assignmentId: a.id } });
  });

  it('a student who leaves the class loses its assignments and leaves every assignment list at once', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [ana, ben] = [await student(c), await student(c)];
    await assigned(teacher, c, { spec: { kind: 'exam' }, dueDate: DUE });
    await json(await s.request(`/api/classes/${c.id}/membership`, { method: 'DELETE', cookie: ana.cookie }), 204);
    expect(await mine(ana)).toEqual([]);
    expect((await list(teacher, c)).assignments[0]!.students.map((x) => x.userId)).toEqual([ben.id]);
    // a student who joins later gets the class's assignments
    const cy = await student(c);
    expect((await mine(cy)).length).toBe(1);
  });
});
