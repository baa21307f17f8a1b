import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView, type ExamView } from '../../src/shared/contracts/exam';
import { nremtImportResponse } from '../../src/shared/contracts/nremt-results';
import { classOutcomesResponse, type ClassView, type CreateClassBody } from '../../src/shared/contracts/programs';
import { auditLog, nremtResults } from '../../src/server/db/schema';
import { readinessSamples } from '../../src/server/domain/readiness/validate';
import { keyedFor, type ItemBody } from '../helpers/item-answers';
import { joinedStudent, makeClass, makeInstructor } from '../helpers/programs';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// NREMT outcomes of a class (decision 112): the instructor records each student's result or imports a CSV (dry run first,
// all or nothing), a student's own report shows too — marked self-reported — when they share their results, the class
// page has the first-attempt and by-third-attempt pass rates, and a program's result feeds the readiness check only with
// the student's consent.

type User = Awaited<ReturnType<typeof signedInUser>>;

const CLASS: CreateClassBody = {
  name: 'EMT Basic — Outcomes',
  level: 'EMT',
  startDate: '2026-01-05',
  endDate: '2099-06-01',
  examWindowStart: null,
  examWindowEnd: null,
  seats: 30,
  grantsAccessDays: null,
};

describe.each(testDatabases())('class NREMT outcomes on %s', (kind) => {
  let s: TestServer;
  let admin: User;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
    admin = await signedInUser(s, { role: 'admin', activeDays: 60 });
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
  const student = (c: ClassView, outcomesConsent = false) => joinedStudent(s, c, outcomesConsent);
  const outcomes = async (who: User, c: ClassView) =>
    classOutcomesResponse.parse(await json(await s.request(`/api/instructor/classes/${c.id}/outcomes`, { cookie: who.cookie })));
  const record = (who: User, c: ClassView, body: Record<string, unknown>) =>
    s.request(`/api/instructor/classes/${c.id}/outcomes`, { method: 'POST', cookie: who.cookie, json: body });
  const importCsv = (who: User, c: ClassView, csv: string, dryRun: boolean) =>
    s.request(`/api/instructor/classes/${c.id}/outcomes/import`, { method: 'POST', cookie: who.cookie, json: { csv, dryRun } });
  const issuePath = async (res: Response, status = 400) =>
    (await json<{ error: { issues?: { path: string }[] } }>(res, status)).error.issues?.[0]?.path;

  it('records sittings, shows a shared self-report marked as such, and computes the pass rates', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [ana, ben, cy] = [await student(c, true), await student(c, false), await student(c, false)];
    // Ana reports her own first attempt (shared); Ben reports his (not shared: the class never sees it)
    for (const u of [ana, ben])
      await json(
        await s.request('/api/nremt-results', {
          method: 'POST',
          cookie: u.cookie,
          json: { level: 'EMT', examDate: '2026-06-01', result: u === ana ? 'failed' : 'passed', attempt: 1 },
        }),
        201,
      );
    // the instructor records Ana's second attempt (passed) and Cy's first (passed)
    const made = await json<{ outcome: { id: string; editable: boolean; source: string } }>(
      await record(teacher, c, { userId: ana.id, examDate: '2026-07-10', result: 'passed', attempt: 2 }),
      201,
    );
    expect(made.outcome).toMatchObject({ editable: true, source: 'program' });
    await json(await record(teacher, c, { userId: cy.id, examDate: '2026-06-20', result: 'passed', attempt: 1 }), 201);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'class.outcome_record'), eq(auditLog.targetId, c.id)));
    expect(audit).toMatchObject({ actorId: teacher.id });

    const got = await outcomes(teacher, c);
    const of = (u: User) => got.students.find((x) => x.userId === u.id)!;
    expect(of(ana).results.map((r) => [r.attempt, r.result, r.source, r.editable])).toEqual([
      [1, 'failed', 'student', false],
      [2, 'passed', 'program', true],
    ]);
    expect(of(ben)).toMatchObject({ outcomesConsent: false, results: [] });
    // first attempt: Ana failed, Cy passed (Ben's is not shared) → 1 of 2; by the third attempt: both passed → 2 of 2
    expect(got.rates).toEqual({
      firstAttempt: { passed: 1, of: 2, percent: 50 },
      byThirdAttempt: { passed: 2, of: 2, percent: 100 },
    });

    // the student sees the program's entry among their own results
    const mine = await json<{ results: { source: string; attempt: number }[] }>(
      await s.request('/api/nremt-results', { cookie: ana.cookie }),
    );
    expect(mine.results.map((r) => [r.attempt, r.source])).toEqual([
      [2, 'program'],
      [1, 'student'],
    ]);

    // a student's own report is never the instructor's to remove; the class's own entry is, audited
    const own = await db()
      .select()
      .from(nremtResults)
      .where(and(eq(nremtResults.userId, ana.id), eq(nremtResults.attempt, 1)));
    const remove = (id: string) =>
      s.request(`/api/instructor/classes/${c.id}/outcomes/${id}`, { method: 'DELETE', cookie: teacher.cookie });
    expect((await remove(own[0]!.id)).status).toBe(404);
    expect((await remove(made.outcome.id)).status).toBe(204);
    expect((await outcomes(teacher, c)).students.find((x) => x.userId === ana.id)!.results).toHaveLength(1);
  });

  it('refuses a student outside the class, a repeated attempt and a future date, each on its field', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const ana = await student(c);
    const outsider = await signedInUser(s, { activeDays: 60 });
    expect(await issuePath(await record(teacher, c, { userId: outsider.id, examDate: '2026-06-01', result: 'passed', attempt: 1 }))).toBe(
      'userId',
    );
    expect(await issuePath(await record(teacher, c, { userId: ana.id, examDate: '2099-06-01', result: 'passed', attempt: 1 }))).toBe(
      'examDate',
    );
    expect(await issuePath(await record(teacher, c, { userId: ana.id, examDate: '2026-06-01', result: 'maybe', attempt: 1 }))).toBe(
      'result',
    );
    await json(await record(teacher, c, { userId: ana.id, examDate: '2026-06-01', result: 'failed', attempt: 1 }), 201);
    expect(await issuePath(await record(teacher, c, { userId: ana.id, examDate: '2026-06-02', result: 'passed', attempt: 1 }), 409)).toBe(
      'attempt',
    );
    // another instructor's class does not exist for them; a student is not an instructor
    const other = await instructor();
    expect((await s.request(`/api/instructor/classes/${c.id}/outcomes`, { cookie: other.cookie })).status).toBe(404);
    expect((await record(other, c, { userId: ana.id, examDate: '2026-06-01', result: 'passed', attempt: 2 })).status).toBe(404);
    expect((await s.request(`/api/instructor/classes/${c.id}/outcomes`, { cookie: ana.cookie })).status).toBe(403);
  });

  it('imports a CSV of the class: a dry run first, nothing written on any error, then all of it', async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [ana, ben] = [await student(c), await student(c)];
    const outsider = await signedInUser(s, { activeDays: 60 });
    const header = 'email,level,date,result,attempt';
    const bad = [
      header,
      `${ana.email},EMT,2026-06-01,passed,1`,
      `${outsider.email},EMT,2026-06-01,passed,1`,
      `${ben.email},Paramedic,2026-06-01,failed,1`,
    ].join('\n');
    const dry = nremtImportResponse.parse(await json(await importCsv(teacher, c, bad, true)));
    expect(dry.counts).toEqual({ rows: 3, new: 1, same: 0, errors: 2 });
    expect(dry.rows[0]).toMatchObject({ status: 'new', match: { userId: ana.id } });
    expect(dry.rows[1]!.errors).toEqual([{ field: 'email', message: 'No student of this class has this e-mail address' }]);
    expect(dry.rows[2]!.errors).toEqual([{ field: 'level', message: 'This class is EMT: its results are EMT results' }]);
    const refused = await json<{ error: { issues: { path: string }[] } }>(await importCsv(teacher, c, bad, false), 400);
    expect(refused.error.issues.map((i) => i.path)).toEqual(['rows.3.email', 'rows.4.level']);
    expect((await outcomes(teacher, c)).students.every((x) => x.results.length === 0)).toBe(true);

    const good = [header, `${ana.email},EMT,2026-06-01,passed,1`, `${ben.email},emt,06/03/2026,failed,1`].join('\r\n');
    const done = nremtImportResponse.parse(await json(await importCsv(teacher, c, good, false)));
    expect(done.written).toBe(2);
    const got = await outcomes(teacher, c);
    expect(got.rates.firstAttempt).toEqual({ passed: 1, of: 2, percent: 50 });
    expect(got.students.flatMap((x) => x.results.map((r) => r.source))).toEqual(['program', 'program']);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'nremt_result.import'), eq(auditLog.targetId, c.id)));
    expect(audit).toMatchObject({ actorId: teacher.id });
    // the same file again adds nothing
    expect(nremtImportResponse.parse(await json(await importCsv(teacher, c, good, false))).written).toBe(0);
  });

  it("a program's result feeds the readiness check only with the student's consent", async () => {
    const teacher = await instructor();
    const c = await classOf(teacher);
    const [shares, private_] = [await student(c, true), await student(c, false)];
    // each sits a practice exam, then the NREMT two days later
    for (const u of [shares, private_]) {
      let exam: ExamView = examView.parse(
        await json(await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } })),
      );
      while (exam.status === 'in_progress') {
        const { rows } = await db().execute<{ body: ItemBody }>(sql`select body from question_items where key = ${exam.item!.key}`);
        exam = examView.parse(
          await json(
            await s.request(`/api/exam/${exam.id}/answers`, {
              method: 'POST',
              cookie: u.cookie,
              json: { position: exam.position, answer: keyedFor(exam.item!, rows[0]!.body), timeMs: 2000, clientId: randomUUID() },
            }),
          ),
        );
      }
    }
    s.advanceClock(3 * 86_400_000);
    const sitting = new Date(s.deps.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    for (const u of [shares, private_])
      await json(await record(teacher, c, { userId: u.id, examDate: sitting, result: 'passed', attempt: 1 }), 201);
    const ids = await db()
      .select({ id: nremtResults.id, userId: nremtResults.userId })
      .from(nremtResults)
      .where(eq(nremtResults.classId, c.id));
    const samples = new Set((await readinessSamples({ db: db() }, 'EMT')).map((x) => x.id));
    expect(samples.has(ids.find((r) => r.userId === shares.id)!.id)).toBe(true);
    expect(samples.has(ids.find((r) => r.userId === private_.id)!.id)).toBe(false);
  });
});
