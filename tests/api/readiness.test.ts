import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView, type ExamView } from '../../src/shared/contracts/exam';
import { progressResponse } from '../../src/shared/contracts/progress';
import { PASSING_THETA } from '../../src/shared/exam';
import { readinessBand, readinessVerdict } from '../../src/shared/readiness';
import { migrateDatabase, migrationsFolder, openDatabase } from '../../src/server/db/client';
import { reportedResultsCount } from '../../src/server/domain/readiness';
import { anAnswer } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The honest result (decision 095): a verdict from the 95 % band against the standard the exam is scored against, the
// readiness score with its band, the standard and the NREMT results reported so far; no probability of passing.
describe.each(testDatabases())('readiness in the exam result on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
  });
  afterAll(async () => s?.close());

  const json = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const runExam = async (cookie: string, level: string) => {
    let exam = examView.parse(await json(await s.request('/api/exam', { method: 'POST', cookie, json: { level } })));
    while (exam.status === 'in_progress') {
      const body = { position: exam.position, answer: anAnswer(exam.item!), timeMs: 1000, clientId: randomUUID() };
      exam = examView.parse(await json(await s.request(`/api/exam/${exam.id}/answers`, { method: 'POST', cookie, json: body })));
    }
    return exam;
  };
  const stored = async (exam: ExamView) => {
    const { rows } = await s.deps.database.db.execute<{ theta: number; se: number; standard_id: string }>(
      sql`select theta, se, standard_id from exams where id = ${exam.id}`,
    );
    return rows[0]!;
  };

  it('decides the verdict and the band on the server from the stored estimate and the default standard', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await runExam(u.cookie, 'EMT');
    const row = await stored(exam);
    const estimate = { theta: Number(row.theta), se: Number(row.se) };
    expect(row.standard_id).toBe('default-EMT');
    expect(exam.result!.verdict).toBe(readinessVerdict(estimate, PASSING_THETA));
    expect(exam.result!.readiness).toEqual(readinessBand(estimate, PASSING_THETA));
    // to the nearest ten: no more precision than a practice exam's band supports
    for (const v of Object.values(exam.result!.readiness)) expect(v % 10).toBe(0);
    expect(exam.result!.standard).toEqual({
      id: 'default-EMT',
      method: 'default',
      adoptedAt: null,
      reportedResults: await reportedResultsCount(s.deps, 'EMT'),
    });
    // no probability of passing anywhere in what the student is sent
    expect(JSON.stringify(exam)).not.toMatch(/chance/i);
    const progress = progressResponse.parse(await json(await s.request('/api/progress?level=EMT', { cookie: u.cookie })));
    expect(JSON.stringify(progress)).not.toMatch(/chance/i);
    const history = await json(await s.request('/api/exam/history', { cookie: u.cookie }));
    expect(JSON.stringify(history)).not.toMatch(/chance/i);
  });

  it('counts the reported NREMT results of the level', async () => {
    const counted = await s.deps.database.db.execute<{ n: number }>(sql`select count(*)::int as n from nremt_results where level = 'EMT'`);
    expect(await reportedResultsCount(s.deps, 'EMT')).toBe(Number(counted.rows[0]!.n));
  });

  it('scores an exam against the standard current when it began, and names it in the result', async () => {
    // a panel standard far above anyone's reach, adopted for Paramedic only (the other tests use EMT)
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const other = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const begun = examView.parse(
      await json(await s.request('/api/exam', { method: 'POST', cookie: other.cookie, json: { level: 'Paramedic' } })),
    );
    const adoptedAt = new Date('2027-03-12T15:00:00Z');
    await s.deps.database.db.execute(
      sql`insert into standards (id, level, method, cut, cut_se, adopted_at) values ('panel-test', 'Paramedic', 'panel', 6, 0.2, ${adoptedAt})`,
    );
    const exam = await runExam(u.cookie, 'Paramedic');
    expect((await stored(exam)).standard_id).toBe('panel-test');
    expect(exam.result!.standard).toMatchObject({ id: 'panel-test', method: 'panel', adoptedAt: adoptedAt.toISOString() });
    // every answer right, yet far below a cut of 6 logits: the band is read against the panel's cut
    expect(exam.result!.verdict).toBe('not_yet_ready');
    expect(exam.result!.passed).toBe(false);
    expect(exam.result!.readiness.score).toBeLessThan(950);
    // the exam that began before the adoption keeps the default standard
    expect((await stored(begun)).standard_id).toBe('default-Paramedic');
    const progress = progressResponse.parse(await json(await s.request('/api/progress?level=Paramedic', { cookie: u.cookie })));
    expect(progress.standard.id).toBe('panel-test');
    expect(progress.exams.at(-1)!.verdict).toBe('not_yet_ready');
  });
});

describe('migration 0014_readiness_standards', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes each level’s default standard at PASSING_THETA and names it on every exam so far', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'medicprep-migrations-'));
    dirs.push(dir);
    cpSync(migrationsFolder(), dir, { recursive: true });
    const journalPath = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.slice(
      0,
      journal.entries.findIndex((e) => e.tag === '0014_readiness_standards'),
    );
    writeFileSync(journalPath, JSON.stringify(journal));
    const database = await openDatabase({ kind: 'pglite', dir: null });
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: dir });
      await db.execute(
        sql`insert into users (id, name, email, first_name, last_name) values ('u1', 'Ann Lee', 'ann@example.com', 'Ann', 'Lee')`,
      );
      await db.execute(sql`
        insert into exams (user_id, level, started_at, deadline, pilot_positions, excluded_keys, ended_at, theta, se, chance)
        values ('u1', 'EMT', now(), now(), '[]', '[]', now(), 0.4, 0.3, 91), ('u1', 'Paramedic', now(), now(), '[]', '[]', null, null, null, null)`);
      await migrateDatabase(database);
      const standards = await db.execute<{ id: string; cut: number; method: string }>(
        sql`select id, cut, method from standards order by id`,
      );
      expect(standards.rows).toEqual([
        { id: 'default-EMT', cut: PASSING_THETA, method: 'default' },
        { id: 'default-Paramedic', cut: PASSING_THETA, method: 'default' },
      ]);
      const exams = await db.execute<{ level: string; standard_id: string }>(sql`select level, standard_id from exams order by level`);
      expect(exams.rows).toEqual([
        { level: 'EMT', standard_id: 'default-EMT' },
        { level: 'Paramedic', standard_id: 'default-Paramedic' },
      ]);
    } finally {
      await database.close();
    }
  });
});
