import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentExamResponse, examHistoryResponse, examReviewResponse, examView, type ExamView } from '../../src/shared/contracts/exam';
import { progressResponse } from '../../src/shared/contracts/progress';
import { answerResponse, sessionResponse } from '../../src/shared/contracts/questions';
import { DOMAIN_STANDING_MIN_ANSWERS } from '../../src/shared/exam';
import { createApp } from '../../src/server/app';
import { forgetCachedBanks } from '../../src/server/features/exam/service';
import { anAnswer } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// A short exam (3..5 scored items + 1 pilot, 10 minutes) so that a test can finish one.
describe.each(testDatabases())('practice exam API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
  });
  afterAll(async () => s?.close());

  const json = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const start = async (cookie: string, level = 'EMT') =>
    examView.parse(await json(await s.request('/api/exam', { method: 'POST', cookie, json: { level } })));
  const answer = (cookie: string, exam: ExamView, clientId: string = randomUUID(), answerOverride?: unknown) =>
    s.request(`/api/exam/${exam.id}/answers`, {
      method: 'POST',
      cookie,
      json: { position: exam.position, answer: answerOverride ?? anAnswer(exam.item!), timeMs: 1000, clientId },
    });

  it("/progress shows a domain's standing only once it has enough answers, from practice too", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const domain = 'Primary Assessment';
    // answers `count` unanswered items of the domain (a case's later item comes with the answer before it)
    const practise = async (count: number) => {
      const res = await s.request('/api/questions/sessions', {
        method: 'POST',
        cookie: u.cookie,
        json: { level: 'EMT', domains: [domain], topics: [], count: 50, filter: 'unseen', mode: 'tutor' },
      });
      const { session } = sessionResponse.parse(await json(res, 201));
      const queue = [...session.items];
      for (let n = 0; n < count; n++) {
        const item = queue.shift()!;
        const answered = answerResponse.parse(
          await json(
            await s.request(`/api/questions/sessions/${session.id}/answers`, {
              method: 'POST',
              cookie: u.cookie,
              json: { itemKey: item.key, answer: anAnswer(item), timeMs: 5000, clientId: randomUUID() },
            }),
          ),
        );
        if (answered.next) queue.unshift(answered.next);
      }
    };
    const standingOf = async () => {
      const p = progressResponse.parse(await json(await s.request('/api/progress', { cookie: u.cookie })));
      return p.domains.find((d) => d.domain === domain)!;
    };
    await practise(DOMAIN_STANDING_MIN_ANSWERS - 1);
    expect(await standingOf()).toEqual({ domain, answered: DOMAIN_STANDING_MIN_ANSWERS - 1, standing: null });
    await practise(1);
    const reached = await standingOf();
    expect(reached.answered).toBe(DOMAIN_STANDING_MIN_ANSWERS);
    expect(['Above', 'Near', 'Below']).toContain(reached.standing);
  });

  it('ends an exam whose bank has left the cache meanwhile (on the embedded database too, where one connection serves all)', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    let exam = await start(u.cookie);
    while (exam.status === 'in_progress') {
      // the bank is read again inside the answer that ends the exam: it must not wait on the exam's own transaction
      forgetCachedBanks(s.deps.database.db);
      exam = examView.parse(await json(await answer(u.cookie, exam)));
    }
    expect(exam.result!.scored).toBeGreaterThanOrEqual(3);
  });

  it('runs an exam to its end: one item at a time, no key before answering, a result, a review of the scored items', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    let exam = await start(u.cookie);
    expect(exam.status).toBe('in_progress');
    expect(exam.position).toBe(1);
    expect(exam.timeLimitSeconds).toBe(600);
    const seen: string[] = [];
    while (exam.status === 'in_progress') {
      const raw = JSON.stringify(exam.item);
      // nothing that tells the answer: no keys, positions, categories of options or rationales
      expect(raw).not.toMatch(/"correct"|"rationale"|"position"|"category"|"reference"/);
      seen.push(exam.item!.key);
      const next = examView.parse(await json(await answer(u.cookie, exam)));
      if (next.status === 'in_progress') expect(next.position).toBe(exam.position! + 1);
      exam = next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const result = exam.result!;
    expect(result.answered).toBe(seen.length);
    expect(result.scored).toBe(seen.length - 1); // one pilot item, unscored
    expect(result.scored).toBeGreaterThanOrEqual(3);
    expect(result.scored).toBeLessThanOrEqual(5);
    expect(result.readiness.low).toBeGreaterThanOrEqual(100);
    expect(result.readiness.low).toBeLessThanOrEqual(result.readiness.score);
    expect(result.readiness.high).toBeGreaterThanOrEqual(result.readiness.score);
    expect(['likely_pass', 'too_close', 'not_yet_ready']).toContain(result.verdict);
    expect(result.standard).toMatchObject({ id: 'default-EMT', method: 'default', adoptedAt: null });
    expect(result.domains.map((d) => d.domain)).toContain('Primary Assessment');

    const review = examReviewResponse.parse(await json(await s.request(`/api/exam/${exam.id}/review`, { cookie: u.cookie })));
    expect(review.items).toHaveLength(result.scored);
    for (const r of review.items) {
      expect(r.answer).not.toBeNull();
      expect(r.rationales.length).toBe(r.item.options.length);
      // a technology-enhanced item's review says how many parts were right: all of them exactly when it is right
      if (r.item.type === 'single') expect(r.parts).toBeUndefined();
      else {
        expect(r.parts!.total).toBeGreaterThan(0);
        expect(r.parts!.right === r.parts!.total).toBe(r.correct);
      }
    }
    const history = examHistoryResponse.parse(await json(await s.request('/api/exam/history', { cookie: u.cookie })));
    expect(history.exams.map((e) => e.id)).toEqual([exam.id]);
    expect(history.exams[0]!.readiness).toEqual(result.readiness);
    expect(history.exams[0]!.verdict).toBe(result.verdict);

    const progress = progressResponse.parse(await json(await s.request('/api/progress', { cookie: u.cookie })));
    expect(progress.level).toBe('EMT');
    expect(progress.exams.map((e) => [e.id, e.readiness, e.verdict])).toEqual([[exam.id, result.readiness, result.verdict]]);
    expect(progress.standard).toEqual(result.standard);
    expect(progress.domains.reduce((n, d) => n + d.answered, 0)).toBe(result.scored);
    // a short exam gives no domain the answers a standing needs on /progress
    expect(progress.domains.every((d) => d.answered >= DOMAIN_STANDING_MIN_ANSWERS === (d.standing !== null))).toBe(true);
    expect(progress.weeks).toHaveLength(8);
    expect(progress.weeks.at(-1)!.questions).toBe(result.answered);

    // the next exam gives none of this exam's items
    const second = await start(u.cookie);
    expect(seen).not.toContain(second.item!.key);
  });

  it('an answer cannot be changed; a retry with the same client id is answered once', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await start(u.cookie);
    const clientId = randomUUID();
    const first = examView.parse(await json(await answer(u.cookie, exam, clientId)));
    const retry = examView.parse(await json(await answer(u.cookie, exam, clientId)));
    expect(retry.position).toBe(first.position);
    expect(retry.item?.key).toBe(first.item?.key);
    const changed = await json(await answer(u.cookie, exam, randomUUID()), 409);
    expect(changed.error.code).toBe('ALREADY_ANSWERED');
    // the review is closed while the exam runs
    expect((await json(await s.request(`/api/exam/${exam.id}/review`, { cookie: u.cookie }), 409)).error.code).toBe('EXAM_IN_PROGRESS');
  });

  it('refuses answers after the time limit and ends the exam at its deadline', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await start(u.cookie);
    s.advanceClock(10 * 60_000 + 11_000);
    try {
      const late = await json(await answer(u.cookie, exam), 409);
      expect(late.error.code).toBe('TIME_UP');
      const ended = examView.parse(await json(await s.request(`/api/exam/${exam.id}`, { cookie: u.cookie })));
      expect(ended.status).toBe('ended');
      expect(ended.result!.stopReason).toBe('time');
      expect(ended.result!.passed).toBe(false); // short of the minimum
      expect(ended.result!.timeSeconds).toBe(600);
      expect(currentExamResponse.parse(await json(await s.request('/api/exam/current', { cookie: u.cookie }))).exam).toBeNull();
    } finally {
      s.advanceClock(-(10 * 60_000 + 11_000));
    }
  });

  it('resumes after a restart of the server: the exam lives in the database', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await start(u.cookie);
    const next = examView.parse(await json(await answer(u.cookie, exam)));
    // a new app on the same database is what a restarted process has: nothing in memory
    const restarted = createApp(s.deps, s.content);
    const res = await restarted.request('/api/exam/current', { headers: { cookie: u.cookie, origin: s.config.publicUrl } });
    const current = currentExamResponse.parse(await json(res));
    expect(current.exam?.id).toBe(exam.id);
    expect(current.exam?.position).toBe(next.position);
    expect(current.exam?.item?.key).toBe(next.item?.key);
    expect(current.exam?.deadline).toBe(exam.deadline);
    // starting again resumes instead of opening a second exam
    expect((await start(u.cookie)).id).toBe(exam.id);
  });

  it('a student sees only their own exams', async () => {
    const owner = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const other = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await start(owner.cookie);
    expect((await s.request(`/api/exam/${exam.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await s.request(`/api/exam/${exam.id}/review`, { cookie: other.cookie })).status).toBe(404);
    expect((await answer(other.cookie, exam)).status).toBe(404);
    expect(currentExamResponse.parse(await json(await s.request('/api/exam/current', { cookie: other.cookie }))).exam).toBeNull();
    expect(examHistoryResponse.parse(await json(await s.request('/api/exam/history', { cookie: other.cookie }))).exams).toEqual([]);
    expect(progressResponse.parse(await json(await s.request('/api/progress', { cookie: other.cookie }))).exams).toEqual([]);
  });

  it('refuses a level outside the course, a malformed answer and an unknown option', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect(
      (await json(await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'Paramedic' } }), 403)).error.code,
    ).toBe('LEVEL_NOT_AVAILABLE');
    const exam = await start(u.cookie);
    const bad = await json(await answer(u.cookie, exam, randomUUID(), { choice: 'zz' }), 400);
    expect(bad.error.code).toBe('VALIDATION_FAILED');
    const wrongPosition = await s.request(`/api/exam/${exam.id}/answers`, {
      method: 'POST',
      cookie: u.cookie,
      json: { position: 99, answer: anAnswer(exam.item!), timeMs: 5, clientId: randomUUID() },
    });
    expect(wrongPosition.status).toBe(400);
  });

  it('stores the difficulty it used, the pilot flag and the shuffled order per item', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await start(u.cookie);
    const { rows } = await s.deps.database.db.execute<{ b: number; pilot: boolean; perm: number[] }>(
      sql`select b, pilot, perm from exam_items where exam_id = ${exam.id}`,
    );
    expect(rows).toHaveLength(1);
    expect([-2, -1, 0, 1, 2]).toContain(Number(rows[0]!.b));
    expect([...rows[0]!.perm].sort()).toEqual(exam.item!.options.map((_, i) => i));
  });
});
