import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView, type ExamView } from '../../src/shared/contracts/exam';
import {
  reviewAnswerResponse,
  reviewQueueResponse,
  reviewStatsResponse,
  type ReviewQuestionItem,
  type ReviewQueueResponse,
} from '../../src/shared/contracts/review';
import type { QuestionAnswer } from '../../src/shared/questions';
import type { QuestionSession } from '../../src/shared/contracts/questions';
import { keyedFor, wrongFor, type ItemBody as Body, type Shown } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Decisions 078 and 079: a practice answer or a question missed in a practice exam schedules the question; the
// daily queue holds the student's answered questions of their levels, never retired ones; a question on /review is answered
// as in practice and its feedback comes with the answer. Decision 091: a question has no same-day step (a wrong answer comes
// back the next study day, a right one after FSRS's interval), and a right answer faster than reading it, or after a wrong
// one the same day, is Hard. The server's clock is moved a day forward where a day must pass.

const DAY = 86_400_000;

describe.each(testDatabases())('questions in the review queue on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,4,1,10' });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const json = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };
  const bodyOf = async (key: string) =>
    (await db().execute<{ body: Body }>(sql`select body from question_items where key = ${key}`)).rows[0]!.body;
  const practice = async (cookie: string, level = 'EMT', { count = 10, filter = 'all' } = {}) =>
    (
      (await json(
        await s.request('/api/questions/sessions', {
          method: 'POST',
          cookie,
          json: { level, domains: [], topics: [], count, filter, mode: 'tutor' },
        }),
        201,
      )) as { session: QuestionSession }
    ).session;
  /** Answers a question of the queue on /review, right or wrong. */
  const reviewAnswer = async (cookie: string, item: ReviewQuestionItem, correct: boolean) => {
    const body = await bodyOf(item.key);
    return reviewAnswerResponse.parse(
      await json(
        await s.request('/api/review/answers', {
          method: 'POST',
          cookie,
          json: {
            kind: 'question',
            key: item.key,
            answer: correct ? keyedFor(item.question, body) : wrongFor(item.question, body),
            order: item.order,
            clientId: randomUUID(),
          },
        }),
      ),
    );
  };
  /** Sits an EMT practice exam to its end, answering each item as `answerFor` says; `after` runs after each answer. */
  const sitExam = async (
    cookie: string,
    answerFor: (item: Shown, body: Body, n: number) => QuestionAnswer,
    after: (exam: ExamView) => Promise<void> = async () => {},
  ) => {
    let exam = examView.parse(await json(await s.request('/api/exam', { method: 'POST', cookie, json: { level: 'EMT' } })));
    const given: string[] = [];
    while (exam.status === 'in_progress') {
      const item = exam.item!;
      const answer = answerFor(item, await bodyOf(item.key), given.length);
      given.push(item.key);
      exam = examView.parse(
        await json(
          await s.request(`/api/exam/${exam.id}/answers`, {
            method: 'POST',
            cookie,
            json: { position: exam.position, answer, timeMs: 1000, clientId: randomUUID() },
          }),
        ),
      );
      await after(exam);
    }
    return { exam, given };
  };
  /**
   * A practice answer given `timeMs` after the last (the server's clock moves on by it: the time counted is at most the time
   * since the session began); two minutes by default, longer than any item takes to read (decision 091).
   */
  const practiseAnswer = (
    cookie: string,
    sessionId: string,
    itemKey: string,
    answer: QuestionAnswer,
    clientId = randomUUID(),
    timeMs = 120_000,
  ) => {
    s.advanceClock(timeMs);
    return s.request(`/api/questions/sessions/${sessionId}/answers`, {
      method: 'POST',
      cookie,
      json: { itemKey, answer, timeMs, clientId },
    });
  };
  const queue = async (cookie: string) => reviewQueueResponse.parse(await json(await s.request('/api/review/queue', { cookie })));
  const stats = async (cookie: string) => reviewStatsResponse.parse(await json(await s.request('/api/review/stats', { cookie })));
  const questionsOf = (q: ReviewQueueResponse) => q.due.filter((i): i is ReviewQuestionItem => i.kind === 'question');
  const logs = async (userId: string) =>
    (
      await db().execute<{ item_kind: string; item_key: string; grade: number; state_before: number; state_after: number; source: string }>(
        sql`select item_kind, item_key, grade, state_before, state_after, source from srs_review_logs where user_id = ${userId} order by id`,
      )
    ).rows;
  const noNewCards = (cookie: string, levels: string[] = []) =>
    s.request('/api/review/settings', {
      method: 'PUT',
      cookie,
      json: { desiredRetention: 0.9, newPerDay: 0, levels, categories: [], showHardEasy: false },
    });

  it('a practice answer schedules its question once (wrong: Again, right: Good), even when retried, with the attempt', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const session = await practice(u.cookie);
    const [a, b] = session.items;
    const clientId = randomUUID();
    const wrong = wrongFor(a!, await bodyOf(a!.key));
    // the same answer three times, two of them at once: one attempt, one review
    const sent = await Promise.all([
      practiseAnswer(u.cookie, session.id, a!.key, wrong, clientId),
      practiseAnswer(u.cookie, session.id, a!.key, wrong, clientId),
    ]);
    for (const r of sent) expect(r.status, await r.clone().text()).toBe(200);
    expect((await json(await practiseAnswer(u.cookie, session.id, a!.key, wrong, clientId))).correct).toBe(false);
    expect((await json(await practiseAnswer(u.cookie, session.id, b!.key, keyedFor(b!, await bodyOf(b!.key))))).correct).toBe(true);
    expect((await logs(u.id)).map((l) => [l.item_kind, l.item_key, l.grade, l.state_before, l.state_after, l.source])).toEqual([
      ['question', a!.key, 1, 0, 2, 'practice'],
      ['question', b!.key, 3, 0, 2, 'practice'],
    ]);
    const cards = await db().execute<{ item_key: string; reps: number; lapses: number }>(
      sql`select item_key, reps, lapses from srs_cards where user_id = ${u.id} and item_kind = 'question' order by item_key`,
    );
    expect(cards.rows.map((c) => c.reps)).toEqual([1, 1]);
    // a question's first review uses none of the day's new flashcards
    expect((await queue(u.cookie)).new).toHaveLength(20);
  });

  it('a right answer faster than reading the item, or after a wrong one the same day, is Hard; a slow enough one is Good', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const session = await practice(u.cookie);
    const [fast, read, missed] = session.items;
    const words = (b: Body & { stem?: string }) =>
      [b.stem ?? '', ...b.options.map((o) => o.text)]
        .join(' ')
        .split(/\s+/)
        .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const fastBody = await bodyOf(fast!.key);
    // 250 words a minute: an item of n words takes n × 240 ms to read; a right answer in half that is Hard
    const readMs = words(fastBody) * 240;
    expect(readMs).toBeGreaterThan(2000);
    await json(await practiseAnswer(u.cookie, session.id, fast!.key, keyedFor(fast!, fastBody), randomUUID(), Math.floor(readMs / 2)));
    // the second item's own reading time, doubled: a careful answer, Good whatever its length
    const readBody = await bodyOf(read!.key);
    await json(await practiseAnswer(u.cookie, session.id, read!.key, keyedFor(read!, readBody), randomUUID(), words(readBody) * 240 * 2));
    await json(await practiseAnswer(u.cookie, session.id, missed!.key, wrongFor(missed!, await bodyOf(missed!.key))));
    // the missed one practised again the same day and answered right, slowly: Hard (its answer was just shown)
    const again = await practice(u.cookie, 'EMT', { count: 50, filter: 'missed' });
    const retry = again.items.find((i) => i.key === missed!.key)!;
    await json(await practiseAnswer(u.cookie, again.id, retry.key, keyedFor(retry, await bodyOf(retry.key))));
    expect((await logs(u.id)).map((l) => [l.item_key, l.grade])).toEqual([
      [fast!.key, 2],
      [read!.key, 3],
      [missed!.key, 1],
      [missed!.key, 2],
    ]);
    // the next day a right answer to it is Good again; on /review, a fast one is Hard
    s.advanceClock(DAY);
    const due = questionsOf(await queue(u.cookie));
    const item = due.find((i) => i.key === missed!.key)!;
    const body = await bodyOf(item.key);
    const res = reviewAnswerResponse.parse(
      await json(
        await s.request('/api/review/answers', {
          method: 'POST',
          cookie: u.cookie,
          json: {
            kind: 'question',
            key: item.key,
            answer: keyedFor(item.question, body),
            order: item.order,
            clientId: randomUUID(),
            timeMs: 300,
          },
        }),
      ),
    );
    expect(res.feedback!.correct).toBe(true);
    expect((await logs(u.id)).at(-1)!.grade).toBe(2);
  });

  it('questions have their own desired retention: changing it moves question reviews, not flashcards', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const session = await practice(u.cookie);
    const [a] = session.items;
    await json(await practiseAnswer(u.cookie, session.id, a!.key, keyedFor(a!, await bodyOf(a!.key))));
    const dueOf = async () =>
      (await db().execute<{ due: Date | string }>(sql`select due from srs_cards where user_id = ${u.id} and item_key = ${a!.key}`)).rows[0]!
        .due;
    const before = new Date(await dueOf()).getTime();
    const put = (body: object) =>
      s.request('/api/review/settings', {
        method: 'PUT',
        cookie: u.cookie,
        json: { desiredRetention: 0.9, newPerDay: 20, levels: [], categories: [], showHardEasy: false, ...body },
      });
    // the flashcards' retention does not move a question
    expect((await json(await put({ desiredRetention: 0.8 }))).settings.questionRetention).toBe(0.9);
    expect(new Date(await dueOf()).getTime()).toBe(before);
    // the questions' own: at 0.80, S = 2.31 waits 8 days instead of 2 (FSRS's interval, tests/fixtures/srs/fsrs6.py)
    const saved = await json(await put({ desiredRetention: 0.8, questionRetention: 0.8 }));
    expect(saved.settings.questionRetention).toBe(0.8);
    expect(saved.rescheduled).toBe(1);
    expect((new Date(await dueOf()).getTime() - before) / DAY).toBe(6);
    expect((await put({ questionRetention: 0.5 })).status).toBe(400);
  });

  it('/review: the queue holds the answered questions without their key; the answer grades them and brings the feedback', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect((await noNewCards(u.cookie)).status).toBe(200);
    const session = await practice(u.cookie);
    const [a, b] = session.items;
    await json(await practiseAnswer(u.cookie, session.id, a!.key, wrongFor(a!, await bodyOf(a!.key))));
    await json(await practiseAnswer(u.cookie, session.id, b!.key, keyedFor(b!, await bodyOf(b!.key))));

    // no same-day step: neither comes back today; the wrong one the next day, the right one after FSRS's 2 days (S = 2.31)
    expect((await queue(u.cookie)).due).toEqual([]);
    s.advanceClock(DAY);
    expect((await queue(u.cookie)).due.map((i) => i.key)).toEqual([a!.key]);
    s.advanceClock(DAY);
    const q = await queue(u.cookie);
    expect(q.due.map((i) => [i.kind, i.key])).toEqual([
      ['question', a!.key],
      ['question', b!.key],
    ]);
    expect(q.new).toEqual([]);
    const raw = JSON.stringify(q);
    expect(raw).not.toMatch(/"correct"|"rationale"|"position"|"reference"/);
    const [qa] = questionsOf(q);
    expect(qa!.courseLevel).toBe('EMT');
    expect(qa!.question.options.map((o) => o.text).sort()).toEqual(a!.options.map((o) => o.text).sort());
    const st = await stats(u.cookie);
    expect(st.dueToday).toBe(q.due.length);
    expect(st.newToday).toBe(0);
    expect(st.reviewsToday).toBe(0); // the practice answers were two days ago

    // answered right on /review, in the queue's order: Good, with the key and every rationale
    const body = await bodyOf(qa!.key);
    const answerBody = { kind: 'question', key: qa!.key, answer: keyedFor(qa!.question, body), order: qa!.order, clientId: randomUUID() };
    const res = reviewAnswerResponse.parse(
      await json(await s.request('/api/review/answers', { method: 'POST', cookie: u.cookie, json: answerBody })),
    );
    expect(res.duplicate).toBe(false);
    expect(res.feedback!.correct).toBe(true);
    const key = res.feedback!.key;
    expect('choices' in key ? { choices: [...key.choices].sort() } : key).toEqual(keyedFor(qa!.question, body));
    expect(res.feedback!.options.map((o) => o.id)).toEqual(qa!.question.options.map((o) => o.id));
    expect(res.card.reps).toBe(2);
    const again = reviewAnswerResponse.parse(
      await json(await s.request('/api/review/answers', { method: 'POST', cookie: u.cookie, json: answerBody })),
    );
    expect(again.duplicate).toBe(true);
    expect(again.card).toEqual(res.card);
    expect((await logs(u.id)).map((l) => [l.grade, l.source])).toEqual([
      [1, 'practice'],
      [3, 'practice'],
      [3, 'review'],
    ]);
    // a wrong answer is Again; an answer of another shape or naming an unknown option is refused
    const [, qb] = questionsOf(q);
    const wrong = await reviewAnswer(u.cookie, qb!, false);
    expect(wrong.feedback!.correct).toBe(false);
    expect(wrong.card.lapses).toBe(1); // answered right in practice, it was in review: a lapse, back the next day
    expect(new Date(wrong.card.due).getTime() - new Date(wrong.card.lastReview!).getTime()).toBe(DAY);
    expect((await logs(u.id)).at(-1)!.grade).toBe(1);
    const unknown = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: { kind: 'question', key: qb!.key, answer: { choice: 'z' }, order: qb!.order, clientId: randomUUID() },
    });
    expect(unknown.status).toBe(400);
    // the grade is the server's: a question answer carries none
    const graded = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: { kind: 'question', key: qb!.key, grade: 'easy', answer: { choice: 'a' }, order: qb!.order, clientId: randomUUID() },
    });
    expect(graded.status).toBe(400);
  });

  it("the queue holds only the student's own questions of their levels, never retired ones; the due count matches it", async () => {
    const emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const both = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    for (const u of [emt, both]) expect((await noNewCards(u.cookie)).status).toBe(200);
    const emtSession = await practice(emt.cookie);
    await json(
      await practiseAnswer(
        emt.cookie,
        emtSession.id,
        emtSession.items[0]!.key,
        wrongFor(emtSession.items[0]!, await bodyOf(emtSession.items[0]!.key)),
      ),
    );
    const para = await practice(both.cookie, 'Paramedic');
    const paraItem = para.items[0]!;
    await json(await practiseAnswer(both.cookie, para.id, paraItem.key, wrongFor(paraItem, await bodyOf(paraItem.key))));
    const emtOfBoth = await practice(both.cookie, 'EMT');
    const retiring = emtOfBoth.items[0]!;
    const kept = emtOfBoth.items[1]!;
    for (const it of [retiring, kept])
      await json(await practiseAnswer(both.cookie, emtOfBoth.id, it.key, wrongFor(it, await bodyOf(it.key))));

    // each student sees their own, the next day
    s.advanceClock(DAY);
    expect((await queue(emt.cookie)).due.map((i) => i.key)).toEqual([emtSession.items[0]!.key]);
    expect(new Set((await queue(both.cookie)).due.map((i) => i.key))).toEqual(new Set([paraItem.key, retiring.key, kept.key]));
    // an EMT student cannot review a Paramedic question: the same 404 as an unknown key (no key oracle)
    const refusal = async (key: string) => {
      const res = await s.request('/api/review/answers', {
        method: 'POST',
        cookie: emt.cookie,
        json: { kind: 'question', key, answer: { choice: 'a' }, order: 'abcdefghijkl', clientId: randomUUID() },
      });
      return { status: res.status, body: await res.json() };
    };
    const otherLevel = await refusal(paraItem.key);
    expect(otherLevel.status).toBe(404);
    expect(await refusal('emt-no-such-item')).toEqual(otherLevel);

    // the settings' levels (EMT only) and a retired item leave the queue and the counts alike
    expect((await noNewCards(both.cookie, ['EMT'])).status).toBe(200);
    await db().execute(sql`update question_items set retired = true where key = ${retiring.key}`);
    try {
      const q = await queue(both.cookie);
      expect(q.due.map((i) => i.key)).toEqual([kept.key]);
      const st = await stats(both.cookie);
      expect(st.dueToday).toBe(q.due.length);
      expect(st.dueNextWeek).toBe(0); // the kept one is due today, counted in dueToday
      expect(st.reviewsToday).toBe(0); // they were yesterday's
      const gone = await s.request('/api/review/answers', {
        method: 'POST',
        cookie: both.cookie,
        json: { kind: 'question', key: retiring.key, answer: { choice: 'a' }, order: 'abcdefghijkl', clientId: randomUUID() },
      });
      expect(gone.status).toBe(404);
    } finally {
      await db().execute(sql`update question_items set retired = false where key = ${retiring.key}`);
    }
  });

  it("a practice exam's missed scored items are scheduled (Again) when it ends, not during it, and once", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    // every other one wrong, the rest right; nothing is scheduled while the exam runs
    const { exam } = await sitExam(
      u.cookie,
      (item, body, n) => (n % 2 === 0 ? wrongFor(item, body) : keyedFor(item, body)),
      async (e) => {
        if (e.status === 'in_progress') expect(await logs(u.id)).toEqual([]);
      },
    );
    const missedIn = async (pool: 'practice' | 'exam') =>
      (
        await db().execute<{ item_key: string }>(
          sql`select ei.item_key from exam_items ei join question_items i on i.key = ei.item_key
            where ei.exam_id = ${exam.id} and not ei.pilot and ei.correct = false and i.pool = ${pool} order by ei.item_key`,
        )
      ).rows.map((r) => r.item_key);
    // the practice pool's misses are scheduled; the reserve's never are (it is seen again only in this exam's review)
    const missed = await missedIn('practice');
    const reserveMissed = await missedIn('exam');
    const pilotsMissed = await db().execute(sql`select 1 from exam_items where exam_id = ${exam.id} and pilot and correct = false`);
    expect(missed.length + reserveMissed.length).toBeGreaterThan(0);
    const scheduled = await logs(u.id);
    expect(scheduled.map((l) => l.item_key).sort()).toEqual(missed);
    expect(scheduled.every((l) => l.item_kind === 'question' && l.grade === 1 && l.source === 'exam')).toBe(true);
    // an exam logs its misses only, so they are neither the day's reviews nor part of true retention (which counts reviews of
    // cards in review state: these were new, so the logs are set to review state here to show that they are left out)
    await db().execute(sql`update srs_review_logs set state_before = 2 where user_id = ${u.id}`);
    const st = await stats(u.cookie);
    expect([st.reviewsToday, st.retentionReviews, st.trueRetention]).toEqual([0, 0, null]);
    await db().execute(sql`update srs_review_logs set state_before = 0 where user_id = ${u.id}`);
    expect(pilotsMissed.rows.length + missed.length + reserveMissed.length).toBeGreaterThan(0);
    // reading the ended exam again (and its review) schedules nothing more
    await json(await s.request(`/api/exam/${exam.id}`, { cookie: u.cookie }));
    await json(await s.request(`/api/exam/${exam.id}/review`, { cookie: u.cookie }));
    expect(await logs(u.id)).toHaveLength(missed.length);
    s.advanceClock(DAY); // a miss comes back the next day
    const q = await queue(u.cookie);
    expect(
      q.due
        .filter((i) => i.kind === 'question')
        .map((i) => i.key)
        .sort(),
    ).toEqual(missed);
  });

  it("practice's Missed and Unseen filters count answers on /review and in practice exams once they end", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect((await noNewCards(u.cookie)).status).toBe(200);
    const counts = async () =>
      (
        (await json(await s.request('/api/questions/options?level=EMT', { cookie: u.cookie }))) as {
          counts: { all: number; unseen: number; missed: number; flagged: number };
        }
      ).counts;
    const before = await counts();
    expect(before.missed).toBe(0);
    // every item the session picked (a case set's later items are sent to the student only as they are reached)
    const practiceKeys = async (filter: 'missed' | 'unseen') => {
      const { id } = await practice(u.cookie, 'EMT', { count: 50, filter });
      const { rows } = await db().execute<{ key: string }>(
        sql`select jsonb_array_elements(items)->>'key' as key from question_sessions where id = ${id}`,
      );
      return rows.map((r) => r.key).sort();
    };

    const poolOf = async (key: string) =>
      (await db().execute<{ pool: string }>(sql`select pool from question_items where key = ${key}`)).rows[0]!.pool;

    // all wrong; an exam in progress gives no feedback, not even through practice's counts: the practice items it has given
    // are simply not there (not in All, not in Unseen; the reserve never is) and Missed does not move. Exams are sat until
    // two practice items were missed (the rest of an exam comes from the reserve, which is never scheduled).
    const given: string[] = [];
    // only a scored item missed goes to /review (a pilot item does not): sit until two scored practice items were missed
    const scoredGiven = async () =>
      Number(
        (
          await db().execute<{ n: number }>(sql`
            select count(*)::int as n from exam_items ei join exams e on e.id = ei.exam_id
            join question_items i on i.key = ei.item_key
            where e.user_id = ${u.id} and not ei.pilot and i.pool = 'practice'`)
        ).rows[0]!.n,
      );
    for (let sat = 0; sat < 8 && (given.length < 2 || (await scoredGiven()) < 2); sat++) {
      const base = await counts();
      const thisExam: string[] = [];
      await sitExam(
        u.cookie,
        (item, body) => {
          thisExam.push(item.key);
          return wrongFor(item, body);
        },
        async (e) => {
          if (e.status !== 'in_progress') return;
          let practiceGiven = 0;
          for (const key of [...thisExam, e.item!.key]) if ((await poolOf(key)) === 'practice') practiceGiven++;
          expect(await counts()).toEqual({ ...base, all: base.all - practiceGiven, unseen: base.unseen - practiceGiven });
        },
      );
      for (const key of thisExam) if ((await poolOf(key)) === 'practice') given.push(key);
    }
    expect(given.length).toBeGreaterThanOrEqual(2);
    // ended: every practice item they gave (pilots too) was answered, all wrong
    given.sort();
    expect(await counts()).toEqual({ ...before, unseen: before.unseen - given.length, missed: given.length });
    expect(await practiceKeys('missed')).toEqual(given);
    expect((await practiceKeys('unseen')).filter((k) => given.includes(k))).toEqual([]);

    // the next day, one of them answered right on /review is no longer missed; one answered wrong there stays missed
    s.advanceClock(DAY);
    const [right, wrong] = questionsOf(await queue(u.cookie));
    await reviewAnswer(u.cookie, right!, true);
    await reviewAnswer(u.cookie, wrong!, false);
    expect(await practiceKeys('missed')).toEqual(given.filter((k) => k !== right!.key));
    expect((await counts()).missed).toBe(given.length - 1);
  });
});
