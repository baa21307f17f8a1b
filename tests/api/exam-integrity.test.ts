import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examAvailabilityResponse, examView, type ExamView } from '../../src/shared/contracts/exam';
import { progressResponse } from '../../src/shared/contracts/progress';
import { reviewQueueResponse } from '../../src/shared/contracts/review';
import type { ItemStats, PublicItem, QuestionOptions, QuestionSession } from '../../src/shared/contracts/questions';
import { seededRandom } from '../../src/shared/seeded-random';
import { keyedFor, wrongFor, type ItemBody } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The practice exam cannot be seen through (docs/decisions/082-one-item-access-policy.md): while a student has an open exam its
// items exist nowhere else for them; the exam's reserve is never shown outside an exam; no item whose key the student has seen
// is scored in their exam; nothing that depends on a verdict moves before the exam or timed quiz ends; and the writes a
// student can repeat are bounded. Each test here failed on the code before that decision.

type Student = Awaited<ReturnType<typeof signedInUser>>;

describe.each(testDatabases())('exam integrity on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    // a short exam (3..5 scored items + 1 pilot, 10 minutes) that a test can finish
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const json = async <T = unknown>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const bodyOf = async (key: string) =>
    (await db().execute<{ body: ItemBody }>(sql`select body from question_items where key = ${key}`)).rows[0]!.body;
  const poolOf = async (keys: string[]) => {
    const { rows } = await db().execute<{ key: string; pool: string }>(
      sql`select key, pool from question_items where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    return new Map(rows.map((r) => [r.key, r.pool]));
  };
  const startExam = async (u: Student) =>
    examView.parse(await json(await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } })));
  const answerExam = async (u: Student, exam: ExamView, right: boolean) => {
    const body = await bodyOf(exam.item!.key);
    return examView.parse(
      await json(
        await s.request(`/api/exam/${exam.id}/answers`, {
          method: 'POST',
          cookie: u.cookie,
          json: {
            position: exam.position,
            answer: right ? keyedFor(exam.item!, body) : wrongFor(exam.item!, body),
            timeMs: 1000,
            clientId: randomUUID(),
          },
        }),
      ),
    );
  };
  const practice = async (u: Student, body: Record<string, unknown> = {}, status = 201) =>
    (
      await json<{ session: QuestionSession }>(
        await s.request('/api/questions/sessions', {
          method: 'POST',
          cookie: u.cookie,
          json: { level: 'EMT', domains: [], topics: [], count: 50, filter: 'all', mode: 'tutor', ...body },
        }),
        status,
      )
    ).session;
  /** A practice session with at least `n` items outside case sets reached at once (sessions pick case sets at random). */
  const practiceWithSingles = async (u: Student, body: Record<string, unknown>, n: number) => {
    for (let tries = 0; ; tries++) {
      const session = await practice(u, body);
      const singles = session.items.filter((i) => !i.case);
      if (singles.length >= n || tries >= 8) return { session, singles };
      await json(await s.request(`/api/questions/sessions/${session.id}/complete`, { method: 'POST', cookie: u.cookie }));
    }
  };
  /** Every key a practice session picked (a case's later items are sent only as the student reaches them). */
  const sessionKeys = async (id: string) =>
    (
      await db().execute<{ key: string }>(sql`select jsonb_array_elements(items)->>'key' as key from question_sessions where id = ${id}`)
    ).rows.map((r) => r.key);
  const answerPractice = async (u: Student, session: QuestionSession, item: PublicItem, right: boolean, timeMs = 3000) => {
    const body = await bodyOf(item.key);
    return s.request(`/api/questions/sessions/${session.id}/answers`, {
      method: 'POST',
      cookie: u.cookie,
      json: { itemKey: item.key, answer: right ? keyedFor(item, body) : wrongFor(item, body), timeMs, clientId: randomUUID() },
    });
  };
  const options = async (u: Student) => json<QuestionOptions>(await s.request('/api/questions/options?level=EMT', { cookie: u.cookie }));
  const queue = async (u: Student) => reviewQueueResponse.parse(await json(await s.request('/api/review/queue', { cookie: u.cookie })));
  const progress = async (u: Student) =>
    progressResponse.parse(await json(await s.request('/api/progress?level=EMT', { cookie: u.cookie })));
  const reviewAnswer = (u: Student, key: string, answer: unknown = { choice: 'a' }) =>
    s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: { kind: 'question', key, answer, order: 'abcdefghijkl', clientId: randomUUID() },
    });
  const flag = (u: Student, key: string) =>
    s.request(`/api/questions/flags/${encodeURIComponent(key)}`, { method: 'PUT', cookie: u.cookie, json: { flagged: true } });
  const report = (u: Student, key: string) =>
    s.request('/api/questions/reports', { method: 'POST', cookie: u.cookie, json: { itemKey: key, reason: 'unclear', text: 'Hm.' } });
  const reserveKey = async () =>
    (await db().execute<{ key: string }>(sql`select key from question_items where level = 'EMT' and pool = 'exam' and not retired limit 1`))
      .rows[0]!.key;

  it("an open exam's item exists nowhere else: flag, flagged practice, review, report and practice all refuse it alike", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await startExam(u);
    const key = exam.item!.key;
    // the attack: flag the exam item, practise the flagged items in tutor mode, read the key from the feedback
    const flagged = await flag(u, key);
    expect(flagged.status).toBe(404);
    const unknown = await flag(u, 'emt-no-such-item');
    expect(await flagged.json()).toEqual(await unknown.json());
    await practice(u, { filter: 'flagged' }, 409);
    // practice never serves it, in any filter
    for (const filter of ['all', 'unseen'] as const) {
      const session = await practice(u, { filter });
      expect(await sessionKeys(session.id)).not.toContain(key);
      expect(JSON.stringify(session)).not.toContain(exam.item!.stem);
    }
    // /review does not take it either, with the same 404 as an unknown key
    const reviewed = await reviewAnswer(u, key);
    expect(reviewed.status).toBe(404);
    expect((await reviewed.json()).error).toEqual((await (await reviewAnswer(u, 'emt-no-such-item')).json()).error);
    // nor does a report (a key oracle otherwise)
    expect((await report(u, key)).status).toBe(404);
    // a practice session begun before the exam gave the item loses it while the exam runs
    const other = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const before = await practice(other, { count: 50 });
    const keys = await sessionKeys(before.id);
    const exam2 = await startExam(other);
    let current = exam2;
    while (current.status === 'in_progress' && !keys.includes(current.item!.key)) current = await answerExam(other, current, true);
    if (current.status === 'in_progress') {
      const inBoth = current.item!.key;
      const reread = await json<{ session: QuestionSession }>(
        await s.request(`/api/questions/sessions/${before.id}`, { cookie: other.cookie }),
      );
      expect(reread.session.items.map((i) => i.key)).not.toContain(inBoth);
      const res = await s.request(`/api/questions/sessions/${before.id}/answers`, {
        method: 'POST',
        cookie: other.cookie,
        json: { itemKey: inBoth, answer: { choice: 'a' }, timeMs: 1000, clientId: randomUUID() },
      });
      expect(res.status).toBe(404);
    }
  });

  it('the exam reserve is never served outside an exam, and an exam does not score an item whose key the student has seen', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const reserve = await reserveKey();
    // practice, flags, review and reports: the reserve does not exist
    const practised: string[] = [];
    for (let i = 0; i < 3; i++) {
      const session = await practice(u, { count: 50, filter: 'unseen' });
      const keys = await sessionKeys(session.id);
      expect([...(await poolOf(keys)).values()].every((p) => p === 'practice')).toBe(true);
      practised.push(...keys);
      // answer the first few, so their keys are seen
      for (const item of session.items.slice(0, 5)) await json(await answerPractice(u, session, item, false));
      await json(await s.request(`/api/questions/sessions/${session.id}/complete`, { method: 'POST', cookie: u.cookie }));
    }
    expect((await flag(u, reserve)).status).toBe(404);
    expect((await reviewAnswer(u, reserve)).status).toBe(404);
    expect((await report(u, reserve)).status).toBe(404);
    const counted = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from question_items where level = 'EMT' and pool = 'practice' and not retired`,
    );
    expect((await options(u)).counts.all).toBe(Number(counted.rows[0]!.n));

    // the exam: no item the student answered in practice is given; the reserve is
    const seen = new Set(
      (await db().execute<{ key: string }>(sql`select item_key as key from question_attempts where user_id = ${u.id}`)).rows.map(
        (r) => r.key,
      ),
    );
    expect(seen.size).toBe(15);
    let exam = await startExam(u);
    const given: string[] = [];
    while (exam.status === 'in_progress') {
      given.push(exam.item!.key);
      expect(seen.has(exam.item!.key)).toBe(false);
      exam = await answerExam(u, exam, false);
    }
    // an ended exam's reserve items are reported from its review, but never join the review queue
    const pools = await poolOf(given);
    const queued = new Set((await queue(u)).due.map((d) => d.key));
    for (const key of given) if (pools.get(key) === 'exam') expect(queued.has(key)).toBe(false);
    expect((await report(u, given[0]!)).status).toBe(201);
    // the next exam gives none of these (their keys were shown in the review)
    let next = await startExam(u);
    while (next.status === 'in_progress') {
      expect(given).not.toContain(next.item!.key);
      expect(seen.has(next.item!.key)).toBe(false);
      next = await answerExam(u, next, true);
    }
  });

  it('an item practised while the exam is open is not given later in it', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const exam = await startExam(u);
    // practise (and so see) fifty practice items while the exam is open
    const during = new Set<string>();
    const session = await practice(u, { count: 50, filter: 'unseen' });
    for (const item of session.items.filter((it) => !it.case)) {
      await json(await answerPractice(u, session, item, true));
      during.add(item.key);
    }
    let current = exam;
    while (current.status === 'in_progress') {
      if (current.position! > 1) expect(during.has(current.item!.key)).toBe(false);
      current = await answerExam(u, current, true);
    }
  });

  it('a student whose unseen items cannot fill the blueprint is told so before the exam starts', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    // every Primary Assessment item seen (as questions of the review queue)
    await db().execute(sql`
      insert into srs_cards (user_id, item_kind, item_key, state, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, last_review)
      select ${u.id}, 'question', key, 2, now() + interval '10 days', 10, 5, 10, 0, 3, 0, now() from question_items
      where level = 'EMT' and domain = 'Primary Assessment'`);
    // the start screen asks first
    const availability = examAvailabilityResponse.parse(
      await json(await s.request('/api/exam/availability?level=EMT', { cookie: u.cookie })),
    );
    expect(availability).toMatchObject({
      level: 'EMT',
      ready: false,
      shortfall: [{ domain: 'Primary Assessment', needed: 2, available: 0 }],
    });
    const res = await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } });
    const body = await json<{ error: { code: string; message: string } }>(res, 409);
    expect(body.error.message).toBe(availability.message);
    expect(body.error.code).toBe('EXAM_POOL_TOO_THIN');
    expect(body.error.message).toMatch(
      /^A practice exam scores only questions you have not seen, .*Primary Assessment \(0 left, 2 needed\)/,
    );
    expect((await db().execute(sql`select 1 from exams where user_id = ${u.id}`)).rows).toHaveLength(0);
  });

  it('progress does not move while an exam runs, and does once it ends', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect(examAvailabilityResponse.parse(await json(await s.request('/api/exam/availability', { cookie: u.cookie })))).toEqual({
      level: 'EMT',
      ready: true,
      shortfall: [],
      message: null,
    });
    const before = await progress(u);
    let exam = await startExam(u);
    let right = true;
    while (exam.status === 'in_progress') {
      exam = await answerExam(u, exam, (right = !right));
      if (exam.status === 'in_progress') expect((await progress(u)).domains).toEqual(before.domains);
    }
    const after = await progress(u);
    expect(after.domains.reduce((n, d) => n + d.answered, 0)).toBe(exam.result!.scored);
    expect(after.exams).toHaveLength(1);
  });

  it("a timed quiz's verdicts exist only once it ends: Missed, the review queue and progress stay as they were", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    await json(
      await s.request('/api/review/settings', {
        method: 'PUT',
        cookie: u.cookie,
        json: { desiredRetention: 0.9, newPerDay: 0, levels: [], categories: [], showHardEasy: false },
      }),
    );
    const [counts0, queue0, progress0] = [await options(u), await queue(u), await progress(u)];
    const { session, singles } = await practiceWithSingles(u, { mode: 'timed', count: 25 }, 4);
    const items = singles.slice(0, 4);
    for (const [i, item] of items.entries()) await json(await answerPractice(u, session, item, i % 2 === 0));
    expect((await options(u)).counts).toEqual(counts0.counts);
    expect((await queue(u)).due).toEqual(queue0.due);
    expect((await progress(u)).domains).toEqual(progress0.domains);
    // a review answer for one of them is refused: it is not in the queue yet
    expect((await reviewAnswer(u, items[1]!.key)).status).toBe(404);
    await json(await s.request(`/api/questions/sessions/${session.id}/complete`, { method: 'POST', cookie: u.cookie }));
    const counts1 = await options(u);
    // unanswered items of the quiz count as unseen still; the two answered wrong are missed; all four are scheduled
    expect(counts1.counts.missed).toBe(2);
    s.advanceClock(2 * 86_400_000); // a question has no same-day step (decision 091): each is due within two days
    expect(new Set((await queue(u)).due.map((d) => d.key))).toEqual(new Set(items.map((i) => i.key)));
    expect((await progress(u)).domains.reduce((n, d) => n + d.answered, 0)).toBe(4);
    s.advanceClock(-2 * 86_400_000); // the later tests compare the server's clock with the database's
  });

  it('/review takes only questions in the student’s queue today', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const { session, singles } = await practiceWithSingles(u, { count: 10 }, 2);
    const [missed, ...rest] = singles;
    await json(await answerPractice(u, session, missed!, false));
    // never answered: not in the queue
    expect((await reviewAnswer(u, rest[0]!.key)).status).toBe(404);
    // another student's queued question is not this student's
    const other = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect((await reviewAnswer(other, missed!.key)).status).toBe(404);
    // the student's own, due the next day (no same-day step for a question, decision 091): taken
    s.advanceClock(86_400_000);
    const item = (await queue(u)).due.find((d) => d.key === missed!.key)!;
    expect(item.kind).toBe('question');
    if (item.kind !== 'question') return;
    const res = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: {
        kind: 'question',
        key: item.key,
        answer: keyedFor(item.question, await bodyOf(item.key)),
        order: item.order,
        clientId: randomUUID(),
      },
    });
    expect(res.status).toBe(200);
    s.advanceClock(-86_400_000);
  });

  it('one student cannot poison item statistics: first attempts only, and time bounded by when the item was sent', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const admin = await signedInUser(s, { role: 'admin' });
    const statsOf = async (key: string) =>
      (
        await json<{ items: ItemStats[] }>(
          await s.request(`/api/admin/content/stats?q=${encodeURIComponent(key)}`, { cookie: admin.cookie }),
        )
      ).items.find((i) => i.key === key)!;
    const { session: first, singles } = await practiceWithSingles(u, { count: 10 }, 1);
    const target = singles[0]!;
    const before = await statsOf(target.key);
    expect((await flag(u, target.key)).status).toBe(200);
    for (let i = 0; i < 31; i++) {
      const session = i === 0 ? first : await practice(u, { count: 10, filter: 'flagged' });
      const item = session.items.find((it) => it.key === target.key)!;
      await json(await answerPractice(u, session, item, false, 86_400_000));
    }
    const stats = await statsOf(target.key);
    expect(stats.attempts).toBe(before.attempts + 1);
    expect(stats.flaggedForReview).toBe(false);
    // the server sent the item moments ago: a day of "time spent" is not believed
    expect(stats.avgTimeMs).toBeLessThan(60_000);
  });

  it('for a student with an open exam, no response of any student route holds its items (random call sequences)', async () => {
    const random = seededRandom(kind === 'pglite' ? 26 : 2026);
    const sharedStems = new Set(
      (
        await db().execute<{ stem: string }>(
          sql`select body->>'stem' as stem from question_items group by body->>'stem' having count(*) > 1`,
        )
      ).rows.map((r) => r.stem),
    );
    const rng = { next: random };
    for (let round = 0; round < 2; round++) {
      const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
      // some history first, so the queue, the filters and progress have something to show
      const warm = await practice(u, { count: 10 });
      for (const item of warm.items.slice(0, 3)) await json(await answerPractice(u, warm, item, rng.next() < 0.5));
      let exam = await startExam(u);
      const given = new Map<string, string>(); // key → stem
      // a stem the bank holds once tells the item (case items share short stems such as "What should you do now?")
      const leaks = (text: string) =>
        [...given].filter(([key, stem]) => text.includes(`"${key}"`) || (!sharedStems.has(stem) && text.includes(stem)));
      let session: QuestionSession | null = null;
      for (let step = 0; step < 30 && exam.status === 'in_progress'; step++) {
        given.set(exam.item!.key, exam.item!.stem);
        const key = [...given.keys()][Math.floor(rng.next() * given.size)]!;
        const calls: (() => Promise<Response>)[] = [
          () => s.request('/api/questions/options?level=EMT', { cookie: u.cookie }),
          () =>
            s.request('/api/questions/sessions', {
              method: 'POST',
              cookie: u.cookie,
              json: {
                level: 'EMT',
                domains: [],
                topics: [],
                count: 50,
                filter: ['all', 'unseen', 'missed', 'flagged'][step % 4],
                mode: step % 3 ? 'tutor' : 'timed',
              },
            }),
          () => s.request('/api/questions/sessions/current', { cookie: u.cookie }),
          () => flag(u, key),
          () => report(u, key),
          () => reviewAnswer(u, key),
          () => s.request('/api/review/queue', { cookie: u.cookie }),
          () => s.request('/api/review/stats', { cookie: u.cookie }),
          () => s.request('/api/progress?level=EMT', { cookie: u.cookie }),
          () => s.request('/api/home', { cookie: u.cookie }),
          async () => {
            if (!session) return new Response('{}');
            const item = session.items.find((i) => !session!.answers[i.key]);
            return item ? answerPractice(u, session, item, rng.next() < 0.5) : new Response('{}');
          },
          () => s.request(`/api/questions/sessions/${session?.id ?? randomUUID()}`, { cookie: u.cookie }),
        ];
        const res = await calls[Math.floor(rng.next() * calls.length)]!();
        const text = await res.text();
        expect(res.status, text).toBeLessThan(500);
        expect(leaks(text), `${res.url} ${text.slice(0, 200)}`).toEqual([]);
        if (res.status === 201 && text.includes('"session"')) session = (JSON.parse(text) as { session: QuestionSession }).session;
        if (rng.next() < 0.5) exam = await answerExam(u, exam, rng.next() < 0.5);
      }
    }
  });

  it('quotas: practice sessions, review answers and reports per day (429 with Retry-After); practice events count as events', async () => {
    const limited = await startTestServer(kind, { RATE_LIMIT: 'on' });
    try {
      const counter = (key: string, count: number) =>
        limited.deps.database.db.execute(
          sql`insert into rate_limits (key, count, window_start) values (${key}, ${count}, now()) on conflict (key) do update set count = ${count}, window_start = now()`,
        );
      const u = await signedInUser(limited, { activeDays: 30, courseLevel: 'EMT' });
      const start = () =>
        limited.request('/api/questions/sessions', {
          method: 'POST',
          cookie: u.cookie,
          json: { level: 'EMT', domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor' },
        });
      expect((await start()).status).toBe(201);
      // the session's question_start event counted against the day's events
      const events = await limited.deps.database.db.execute<{ count: number }>(
        sql`select count from rate_limits where key = ${`events:day:${u.id}`}`,
      );
      expect(Number(events.rows[0]!.count)).toBe(1);
      await counter(`question-sessions:day:${u.id}`, 200);
      const refused = await start();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(80_000);
      expect((await refused.json()).error.code).toBe('RATE_LIMITED');
      // with the day's events used up, a session cannot start either
      await counter(`question-sessions:day:${u.id}`, 0);
      await counter(`events:day:${u.id}`, 5_000);
      expect((await start()).status).toBe(429);

      await counter(`review-answers:day:${u.id}`, 3_000);
      const review = await limited.request('/api/review/answers', {
        method: 'POST',
        cookie: u.cookie,
        json: { kind: 'question', key: 'emt-x', answer: { choice: 'a' }, order: 'abcdefghijkl', clientId: randomUUID() },
      });
      expect(review.status).toBe(429);
      expect(review.headers.get('retry-after')).not.toBeNull();

      await counter(`question-reports:day:${u.id}`, 100);
      const reported = await limited.request('/api/questions/reports', {
        method: 'POST',
        cookie: u.cookie,
        json: { itemKey: 'emt-x', reason: 'unclear', text: 'Hm.' },
      });
      expect(reported.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
  it('an untimed exam has no clock to beat, says so, and its misses give the topics that "Retake what I missed" practises', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const bad = await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT', timed: 'no' } });
    expect((await json<{ error: { code: string } }>(bad, 400)).error.code).toBe('VALIDATION_FAILED');
    let exam = examView.parse(
      await json(await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT', timed: false } })),
    );
    expect(exam.timed).toBe(false);
    expect(exam.timeLimitSeconds).toBe(7 * 86_400);
    // past the realistic limit (10 minutes here) the untimed exam still takes answers
    s.advanceClock(60 * 60_000);
    const given: string[] = [];
    try {
      while (exam.status === 'in_progress') {
        given.push(exam.item!.key);
        exam = await answerExam(u, exam, false);
      }
    } finally {
      s.advanceClock(-60 * 60_000);
    }
    expect(exam.timed).toBe(false);
    const { rows } = await db().execute<{ key: string; topic: string }>(
      sql`select key, topic from question_items where key in (${sql.join(
        given.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    const count = new Map<string, number>();
    for (const r of rows) count.set(r.topic, (count.get(r.topic) ?? 0) + 1);
    const expected = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([t]) => t);
    expect(exam.result!.missedTopics).toEqual(expected);
    // the retake: a practice session on those topics holds practice-pool items only, never the exam's reserve
    const retake = await practice(u, { topics: expected.slice(0, 20), count: 25 });
    expect(retake.items.length).toBeGreaterThan(0);
    const pools = await poolOf(retake.items.map((i) => i.key));
    expect([...pools.values()].every((p) => p === 'practice')).toBe(true);
    const topics = new Map(rows.map((r) => [r.key, r.topic]));
    const { rows: retakeTopics } = await db().execute<{ topic: string }>(
      sql`select distinct topic from question_items where key in (${sql.join(
        retake.items.map((i) => sql`${i.key}`),
        sql`, `,
      )})`,
    );
    for (const r of retakeTopics) expect(expected).toContain(r.topic);
    expect(topics.size).toBe(given.length);
    // a timed exam is the default, and says so
    const timed = await startExam(u);
    expect(timed.timed).toBe(true);
    expect(timed.timeLimitSeconds).toBe(600);
  });
});
