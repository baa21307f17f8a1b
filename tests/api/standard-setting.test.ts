import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView, type ExamView } from '../../src/shared/contracts/exam';
import {
  myStudiesResponse,
  ratingResponse,
  ratingStudyResponse,
  studiesResponse,
  studyResponse,
  studyResultsResponse,
  type StudyView,
} from '../../src/shared/contracts/standard-setting';
import { guessingFloor, itemDifficulty } from '../../src/shared/exam';
import { angoffResult, blueprintQuotas, expectedScore, impactAt, spreadOf } from '../../src/shared/standard-setting';
import { auditLog, questionItems, standardRatings, standards, standardStudyItems } from '../../src/server/db/schema';
import { currentStandard } from '../../src/server/domain/readiness';
import { anAnswer } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Standard setting by a panel (decision 109): who reaches what (a student nothing, a panelist only the studies they are
// on), the server's blueprint-balanced sample, ratings saved per item with a field error outside 0–100, two rounds with
// the panel's spread and the impact in round 2, and adoption inserting a panel standard that every later exam names.

type User = Awaited<ReturnType<typeof signedInUser>>;

describe.each(testDatabases())('standard-setting API on %s', (kind) => {
  let s: TestServer;
  let admin: User;
  let student: User;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    student = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const call = async (who: User | null, path: string, init: { method?: string; json?: unknown } = {}) =>
    s.request(path, { ...init, cookie: who?.cookie });
  const ok = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const makePanelist = async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await ok(await call(admin, `/api/admin/users/${u.id}/role`, { method: 'PATCH', json: { role: 'panelist' } }));
    return u;
  };
  const create = async (level: 'EMT' | 'Paramedic', items = 80): Promise<StudyView> =>
    studyResponse.parse(
      await ok(await call(admin, '/api/admin/standards', { method: 'POST', json: { level, title: `${level} panel`, items } }), 201),
    ).study;
  const invite = async (study: StudyView, who: User) =>
    studyResponse.parse(
      await ok(await call(admin, `/api/admin/standards/${study.id}/panelists`, { method: 'POST', json: { email: who.email } })),
    ).study;
  const step = async (study: StudyView, to: 'round1' | 'round2' | 'close' | 'adopt') =>
    studyResponse.parse(await ok(await call(admin, `/api/admin/standards/${study.id}/${to}`, { method: 'POST' }))).study;
  const rate = (who: User, study: StudyView, key: string, value: unknown) =>
    call(who, `/api/standard-setting/studies/${study.id}/ratings/${key}`, { method: 'PUT', json: { value } });
  const view = async (who: User, study: StudyView) =>
    ratingStudyResponse.parse(await ok(await call(who, `/api/standard-setting/studies/${study.id}`)));
  const results = async (study: StudyView) =>
    studyResultsResponse.parse(await ok(await call(admin, `/api/admin/standards/${study.id}/results`)));
  const runExam = async (u: User, level: string): Promise<ExamView> => {
    let exam = examView.parse(await ok(await call(u, '/api/exam', { method: 'POST', json: { level } })));
    while (exam.status === 'in_progress') {
      const body = { position: exam.position, answer: anAnswer(exam.item!), timeMs: 1000, clientId: randomUUID() };
      exam = examView.parse(await ok(await call(u, `/api/exam/${exam.id}/answers`, { method: 'POST', json: body })));
    }
    return exam;
  };
  const storedStandard = async (examId: string) =>
    (await db().execute<{ standard_id: string }>(sql`select standard_id from exams where id = ${examId}`)).rows[0]!.standard_id;

  it('the server samples a blueprint-balanced set of the level’s items, both pools, with the exam’s difficulty and floor', async () => {
    const study = await create('EMT', 60);
    expect(study).toMatchObject({ level: 'EMT', status: 'draft', items: 60, panelists: [], standardId: null });
    const items = await db()
      .select({
        key: standardStudyItems.itemKey,
        domain: standardStudyItems.domain,
        b: standardStudyItems.b,
        c: standardStudyItems.c,
        position: standardStudyItems.position,
      })
      .from(standardStudyItems)
      .where(eq(standardStudyItems.studyId, study.id));
    const bank = await db()
      .select()
      .from(questionItems)
      .where(and(eq(questionItems.level, 'EMT'), eq(questionItems.retired, false)));
    const available: Record<string, number> = {};
    for (const q of bank) available[q.domain] = (available[q.domain] ?? 0) + 1;
    const perDomain: Record<string, number> = {};
    for (const it of items) perDomain[it.domain] = (perDomain[it.domain] ?? 0) + 1;
    expect(perDomain).toEqual(Object.fromEntries(blueprintQuotas('EMT', 60, available)));
    expect(items.map((i) => i.position).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const byKey = new Map(bank.map((q) => [q.key, q]));
    for (const it of items) {
      const q = byKey.get(it.key)!;
      expect(q.level).toBe('EMT');
      // no calibration in the test bank: the rating's difficulty, and the type's floor
      expect(it.b).toBe(itemDifficulty(q.difficulty));
      expect(it.c).toBe(guessingFloor(q.type, (q.body as { options: unknown[] }).options.length));
    }
    // fewer than 60 or more than 100 items is a field error
    const few = await call(admin, '/api/admin/standards', { method: 'POST', json: { level: 'EMT', title: 'x', items: 59 } });
    expect(few.status).toBe(400);
    expect((await few.json()).error.issues).toEqual([{ path: 'items', message: 'A study rates at least 60 items' }]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'standard_study.create'), eq(auditLog.targetId, study.id)));
    expect(audit?.actorId).toBe(admin.id);
  });

  it('permissions: anonymous 401, a student 403 everywhere (no key reaches them), a panelist only the studies they are on', async () => {
    const study = await create('EMT');
    const onPanel = await makePanelist();
    const offPanel = await makePanelist();
    await invite(study, onPanel);
    await step(study, 'round1');
    const key = (await view(onPanel, study)).items[0]!.key;

    const admins = ['/api/admin/standards', `/api/admin/standards/${study.id}`, `/api/admin/standards/${study.id}/results`];
    for (const path of admins) {
      expect((await call(null, path)).status).toBe(401);
      expect((await call(student, path)).status).toBe(403);
      expect((await call(onPanel, path)).status).toBe(403);
      expect((await call(admin, path)).status).toBe(200);
    }
    const panel = [`/api/standard-setting/studies`, `/api/standard-setting/studies/${study.id}`];
    for (const path of panel) {
      expect((await call(null, path)).status).toBe(401);
      const res = await call(student, path);
      expect(res.status).toBe(403);
      const text = await res.text();
      expect(text).not.toContain('rationale');
      expect(text).not.toContain('correct');
    }
    expect((await rate(student, study, key, 50)).status).toBe(403);
    expect((await call(student, `/api/admin/standards/${study.id}/adopt`, { method: 'POST' })).status).toBe(403);
    // a panelist who is not on the study: it does not exist for them
    expect((await call(offPanel, `/api/standard-setting/studies/${study.id}`)).status).toBe(404);
    expect((await rate(offPanel, study, key, 50)).status).toBe(404);
    expect(myStudiesResponse.parse(await ok(await call(offPanel, '/api/standard-setting/studies'))).studies).toEqual([]);
    // an administrator who is not on the panel rates nothing either
    expect((await call(admin, `/api/standard-setting/studies/${study.id}`)).status).toBe(404);
    // the panelist on it sees the item with its key and rationales
    const mine = await view(onPanel, study);
    expect(mine.study).toMatchObject({ id: study.id, status: 'round1', items: 80, rated: 0 });
    expect(mine.question).toBe('Of 100 minimally competent entry-level EMTs, how many answer it right?');
    const single = mine.items.find((i) => i.type === 'single')!;
    expect(single.options.filter((o) => o.correct)).toHaveLength(1);
    expect(single.options.every((o) => o.rationale.length > 0)).toBe(true);
    expect(mine.feedback).toBeNull();
    expect(mine.items.every((i) => i.panel === null)).toBe(true);
    // a user who is neither panelist nor administrator cannot be invited: a field error on the e-mail
    const no = await call(admin, `/api/admin/standards/${study.id}/panelists`, { method: 'POST', json: { email: student.email } });
    expect(no.status).toBe(400);
    expect((await no.json()).error.issues[0]).toMatchObject({ path: 'email' });
    // a malformed study id is a study that does not exist
    expect((await call(onPanel, '/api/standard-setting/studies/not-a-uuid')).status).toBe(404);
  });

  it('ratings: 0–100 whole numbers with a field error, saved per item, an idempotent PUT, only in an open round', async () => {
    const study = await create('Paramedic');
    const p = await makePanelist();
    await invite(study, p);
    const [key] = (
      await db().select({ k: standardStudyItems.itemKey }).from(standardStudyItems).where(eq(standardStudyItems.studyId, study.id))
    ).map((r) => r.k);
    expect((await rate(p, study, key!, 50)).status).toBe(409); // draft
    await step(study, 'round1');
    for (const bad of [101, -1, 50.5, '50', null]) {
      const res = await rate(p, study, key!, bad);
      expect(res.status, String(bad)).toBe(400);
      expect((await res.json()).error.issues).toEqual([{ path: 'value', message: 'Enter a whole number from 0 to 100' }]);
    }
    expect((await rate(p, study, 'not-an-item-of-it', 50)).status).toBe(404);
    const first = ratingResponse.parse(await ok(await rate(p, study, key!, 40)));
    expect(first).toMatchObject({ rating: { itemKey: key, round: 1, value: 40 }, rated: 1 });
    const again = ratingResponse.parse(await ok(await rate(p, study, key!, 65)));
    expect(again).toMatchObject({ rating: { value: 65 }, rated: 1 });
    const rows = await db().select().from(standardRatings).where(eq(standardRatings.studyId, study.id));
    expect(rows.map((r) => [r.round, r.value])).toEqual([[1, 65]]);
    expect((await view(p, study)).items.find((i) => i.key === key)!.mine).toEqual({ round1: 65, round2: null });
    // removing a panelist removes their ratings
    await ok(await call(admin, `/api/admin/standards/${study.id}/panelists/${p.id}`, { method: 'DELETE' }));
    expect(await db().select().from(standardRatings).where(eq(standardRatings.studyId, study.id))).toEqual([]);
    expect((await rate(p, study, key!, 50)).status).toBe(404);
  });

  it('two rounds with feedback, results per round, and adoption: a panel standard every later exam names', async () => {
    // practice-exam takers for the impact data: three EMT students' latest exams
    const takers = [
      student,
      await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' }),
      await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' }),
    ];
    for (const t of takers) await runExam(t, 'EMT');
    const study = await create('EMT');
    const panel = [await makePanelist(), await makePanelist(), admin];
    for (const p of panel) await invite(study, p);
    await step(study, 'round1');
    const items = (await view(panel[0]!, study)).items;
    const value = (p: number, i: number) => 35 + ((p * 17 + i * 7) % 50);
    for (const [p, who] of panel.entries()) for (const [i, it] of items.entries()) await ok(await rate(who, study, it.key, value(p, i)));
    const listed = studiesResponse.parse(await ok(await call(admin, '/api/admin/standards'))).studies.find((x) => x.id === study.id)!;
    expect(listed.panelists.map((p) => [p.rated1, p.rated2])).toEqual([
      [80, 0],
      [80, 0],
      [80, 0],
    ]);

    const opened = await step(study, 'round2');
    expect(opened.status).toBe('round2');
    expect((await call(admin, `/api/admin/standards/${study.id}/round2`, { method: 'POST' })).status).toBe(409);
    // round 2: the panel's round-1 spread per item (values without names) and the round-1 cut with its impact
    const r2view = await view(panel[0]!, study);
    const recordedItems = await db()
      .select({ key: standardStudyItems.itemKey, b: standardStudyItems.b, c: standardStudyItems.c })
      .from(standardStudyItems)
      .where(eq(standardStudyItems.studyId, study.id));
    const round1 = panel.flatMap((who, p) => items.map((it, i) => ({ panelistId: who.id, itemKey: it.key, value: value(p, i) })));
    const expected1 = angoffResult(recordedItems, round1);
    expect(r2view.feedback!.cut).toBeCloseTo(expected1.cut!, 12);
    expect(r2view.feedback!.se).toBeCloseTo(expected1.se!, 12);
    const first = r2view.items[0]!;
    expect(first.panel).toEqual({
      spread: spreadOf(panel.map((_, p) => value(p, 0))),
      values: panel.map((_, p) => value(p, 0)).sort((a, b) => a - b),
    });
    expect(JSON.stringify(first.panel)).not.toContain(panel[1]!.id);
    const thetas = (
      await db().execute<{ theta: number }>(
        sql`select distinct on (user_id) theta from exams where level = 'EMT' and ended_at is not null order by user_id, ended_at desc`,
      )
    ).rows.map((r) => Number(r.theta));
    expect(thetas).toHaveLength(3);
    expect(r2view.feedback!.impact).toEqual(impactAt(thetas, expected1.cut!));

    // the first panelist revises ten items upward; the others leave round 2 as they rated round 1
    for (const it of items.slice(0, 10)) await ok(await rate(panel[0]!, study, it.key, 95));
    const round2 = round1.map((r) =>
      r.panelistId === panel[0]!.id && items.slice(0, 10).some((it) => it.key === r.itemKey) ? { ...r, value: 95 } : r,
    );
    const expected2 = angoffResult(recordedItems, round2);
    expect(expected2.cut!).toBeGreaterThan(expected1.cut!);

    const closed = await step(study, 'close');
    expect(closed.status).toBe('closed');
    expect((await rate(panel[0]!, study, items[0]!.key, 10)).status).toBe(409);
    const res = await results(study);
    expect(res.rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(res.rounds[0]!.cut).toBeCloseTo(expected1.cut!, 12);
    expect(res.rounds[1]!.cut).toBeCloseTo(expected2.cut!, 12);
    expect(res.rounds[1]!.se).toBeCloseTo(expected2.se!, 12);
    expect(res.rounds[1]!.panelists).toBe(3);
    // the cut is where the expected score on the recorded items equals the sum of the panel's mean ratings / 100
    const meanSum = items.reduce((a, it) => a + round2.filter((r) => r.itemKey === it.key).reduce((x, r) => x + r.value, 0) / 3, 0) / 100;
    expect(expectedScore(res.rounds[1]!.cut!, recordedItems)).toBeCloseTo(meanSum, 8);
    const firstItem = res.items.find((i) => i.key === items[0]!.key)!;
    expect(firstItem.round1).toEqual(spreadOf(panel.map((_, p) => value(p, 0))));
    expect(firstItem.round2).toEqual(spreadOf([95, value(1, 0), value(2, 0)]));
    expect(firstItem.stem.length).toBeGreaterThan(0);

    // an exam that begins before the adoption keeps the standard it began with
    const before = examView.parse(await ok(await call(takers[1]!, '/api/exam', { method: 'POST', json: { level: 'EMT' } })));
    expect(await storedStandard(before.id)).toBe('default-EMT');
    expect((await currentStandard(s.deps, 'EMT')).id).toBe('default-EMT');

    const adopted = await step(study, 'adopt');
    expect(adopted.status).toBe('adopted');
    const standardId = `panel-EMT-${study.id}`;
    expect(adopted.standardId).toBe(standardId);
    const [row] = await db().select().from(standards).where(eq(standards.id, standardId));
    expect(row).toMatchObject({ level: 'EMT', method: 'panel', adoptedBy: admin.id, studyId: study.id });
    expect(row!.cut).toBeCloseTo(expected2.cut!, 12);
    expect(row!.cutSe).toBeCloseTo(expected2.se!, 12);
    expect(row!.adoptedAt).not.toBeNull();
    // versioned: the default stays
    expect((await db().select().from(standards).where(eq(standards.id, 'default-EMT'))).length).toBe(1);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'standard.adopt'), eq(auditLog.targetId, study.id)));
    expect(audit).toMatchObject({ actorId: admin.id, after: { standardId } });
    expect((await call(admin, `/api/admin/standards/${study.id}/adopt`, { method: 'POST' })).status).toBe(409);

    // every later exam names it, and its result says the panel set it; the earlier one keeps its own
    expect((await currentStandard(s.deps, 'EMT')).id).toBe(standardId);
    const later = await runExam(takers[2]!, 'EMT');
    expect(await storedStandard(later.id)).toBe(standardId);
    expect(later.result!.standard).toMatchObject({ id: standardId, method: 'panel', adoptedAt: row!.adoptedAt!.toISOString() });
    expect(await storedStandard(before.id)).toBe('default-EMT');
    // the Paramedic standard is untouched
    expect((await currentStandard(s.deps, 'Paramedic')).id).toBe('default-Paramedic');
  });

  it('rounds open in order; round 1 needs a panel', async () => {
    const study = await create('EMT');
    expect((await call(admin, `/api/admin/standards/${study.id}/round1`, { method: 'POST' })).status).toBe(409);
    expect((await call(admin, `/api/admin/standards/${study.id}/round2`, { method: 'POST' })).status).toBe(409);
    expect((await call(admin, `/api/admin/standards/${study.id}/close`, { method: 'POST' })).status).toBe(409);
    expect((await call(admin, `/api/admin/standards/${study.id}/adopt`, { method: 'POST' })).status).toBe(409);
    expect((await call(admin, `/api/admin/standards/${randomUUID()}/results`)).status).toBe(404);
  });
});
