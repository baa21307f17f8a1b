import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importQuestions } from '../../src/server/content/import';
import { loadQuestions } from '../../src/server/content/questions';
import { questionAttempts, questionItems, userInteractions } from '../../src/server/db/schema';
import type { QuestionAnswer } from '../../src/shared/questions';
import type { Feedback, PublicItem, QuestionOptions, QuestionSession, SessionResults } from '../../src/shared/contracts/questions';
import { keyedFor as keyedByBody } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The starter fixture (tests/fixtures/questions-starter): 9 EMT items (one case set of 3) and 7 Paramedic
// items, every type at both levels. The real bank comes from content/questions and is not what this tests.
const fixture = loadQuestions(path.resolve('tests/fixtures/questions-starter'), path.resolve('media'));
const fileItem = (key: string) => fixture.questions.items.find((i) => i.key === key)!;

/** The keyed answer of an item as the session shows it (ids by the option texts). */
const keyedFor = (item: PublicItem): QuestionAnswer => keyedByBody(item, fileItem(item.key));

/** A wrong answer of the item's shape. */
function wrongFor(item: PublicItem): QuestionAnswer {
  const file = fileItem(item.key);
  const idOf = (text: string) => item.options.find((o) => o.text === text)!.id;
  switch (item.type) {
    case 'single':
      return { choice: idOf(file.options.find((o) => !o.correct)!.text) };
    case 'multiple':
      return {
        choices: file.options
          .filter((o) => o.correct)
          .map((o) => idOf(o.text))
          .slice(1),
      };
    case 'build_list': {
      const order = (keyedFor(item) as { order: string[] }).order;
      return { order: [order[1]!, order[0]!, ...order.slice(2)] };
    }
    default: {
      const placements = { ...(keyedFor(item) as { placements: Record<string, string> }).placements };
      const first = Object.keys(placements)[0]!;
      placements[first] = file.categories!.find((c) => c !== placements[first])!;
      return { placements };
    }
  }
}

describe.each(testDatabases())('question practice API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
    expect(fixture.problems).toEqual([]);
    await importQuestions(s.deps.database.db, fixture.questions);
  });
  afterAll(async () => s?.close());

  const call = async <T>(cookie: string, p: string, init: { method?: string; json?: unknown } = {}, status = 200): Promise<T> => {
    const res = await s.request(`/api/questions${p}`, { cookie, method: init.method ?? (init.json ? 'POST' : 'GET'), json: init.json });
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const start = (cookie: string, body: Record<string, unknown>, status = 201) =>
    call<{ session: QuestionSession }>(
      cookie,
      '/sessions',
      { json: { domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor', ...body } },
      status,
    );
  const answer = (cookie: string, sessionId: string, itemKey: string, a: QuestionAnswer, clientId = randomUUID(), status = 200) =>
    call<{ correct?: boolean; feedback?: Feedback; recorded?: true }>(
      cookie,
      `/sessions/${sessionId}/answers`,
      { json: { itemKey, answer: a, timeMs: 5000, clientId } },
      status,
    );

  /**
   * Answers every item of a session in order as the student reaches it: a case set's later item is sent only once the one
   * before it is answered, so the session is read again after each answer. Returns the answers' responses in order.
   */
  const walk = async (cookie: string, sessionId: string, pick: (item: PublicItem, i: number) => QuestionAnswer) => {
    const responses: { item: PublicItem; r: Awaited<ReturnType<typeof answer>> }[] = [];
    for (let i = 0; ; i++) {
      const { session } = await call<{ session: QuestionSession }>(cookie, `/sessions/${sessionId}`);
      const item = session.items.find((it) => !session.answers[it.key]);
      if (!item) {
        expect(Object.keys(session.answers)).toHaveLength(session.count);
        return responses;
      }
      responses.push({ item, r: await answer(cookie, sessionId, item.key, pick(item, i)) });
    }
  };

  it('refuses visitors (401) and students without a subscription (403)', async () => {
    expect((await s.request('/api/questions/options')).status).toBe(401);
    const unpaid = await signedInUser(s, { courseLevel: 'EMT' });
    const res = await s.request('/api/questions/options', { cookie: unpaid.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('offers the blueprint domains of the level with what is available, and the counts', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const o = await call<QuestionOptions>(emt.cookie, '/options');
    expect(o.level).toBe('EMT');
    expect(o.levels).toEqual(['EMT']);
    expect(o.domains.map((d) => [d.name, d.weight])).toEqual([
      ['Scene Size-Up and Safety', '15–19 %'],
      ['Primary Assessment', '39–43 %'],
      ['Secondary Assessment', '5–9 %'],
      ['Patient Treatment and Transport', '20–24 %'],
      ['Operations', '10–14 %'],
    ]);
    expect(o.domains.find((d) => d.name === 'Primary Assessment')!.available).toBe(4);
    expect(o.counts).toEqual({ all: 9, unseen: 9, missed: 0, flagged: 0 });
    expect(o.topics.find((t) => t.name === 'Cardiology')!.available).toBe(3);
  });

  it('gives an EMT-only student no Paramedic item, and refuses asking for one (403)', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 50 });
    // nine items, of which the case set's second and third are sent once the one before is answered
    expect(session.count).toBe(9);
    expect(session.items).toHaveLength(7);
    expect(session.items.every((i) => i.key.startsWith('emt-'))).toBe(true);
    const refused = await s.request('/api/questions/sessions', {
      cookie: emt.cookie,
      method: 'POST',
      json: { level: 'Paramedic', domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor' },
    });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('LEVEL_NOT_AVAILABLE');
    expect((await s.request('/api/questions/options?level=Paramedic', { cookie: emt.cookie })).status).toBe(403);
    // nor can they flag or report a Paramedic item
    expect(
      (await s.request('/api/questions/flags/para-card-9001', { cookie: emt.cookie, method: 'PUT', json: { flagged: true } })).status,
    ).toBe(404);
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const p = await start(para.cookie, { level: 'Paramedic', count: 50 });
    expect(p.session.items.every((i) => i.key.startsWith('para-'))).toBe(true);
    const both = await signedInUser(s, { courseLevel: 'Both', activeDays: 30 });
    expect((await call<QuestionOptions>(both.cookie, '/options')).levels).toEqual(['Paramedic', 'EMT']);
    expect((await start(both.cookie, { level: 'EMT' })).session.level).toBe('EMT');
  });

  it('never sends keys, positions, categories of options or rationales before the item is answered (raw JSON)', async () => {
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const res = await s.request('/api/questions/sessions', {
      cookie: para.cookie,
      method: 'POST',
      json: { level: 'Paramedic', domains: [], topics: [], count: 10, filter: 'all', mode: 'timed' },
    });
    const raw = await res.text();
    expect(res.status, raw).toBe(201);
    for (const word of ['correct', 'position', 'category', 'rationale', 'reference']) expect(raw).not.toContain(`"${word}"`);
    for (const item of fixture.questions.items) for (const o of item.options) expect(raw).not.toContain(o.rationale);
    const { session } = JSON.parse(raw) as { session: QuestionSession };
    // categories (columns) are sent, options carry only id and text
    for (const item of session.items) for (const o of item.options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
    // a timed session keeps it so after answering, until it is completed
    const item = session.items[0]!;
    await answer(para.cookie, session.id, item.key, keyedFor(item));
    const again = await s.request(`/api/questions/sessions/${session.id}`, { cookie: para.cookie });
    const againRaw = await again.text();
    expect(againRaw).not.toContain('"rationale"');
    expect(againRaw).not.toContain('"feedback"');
    const image = session.items.find((i) => i.key === 'para-card-9001')!;
    expect(image.image).toBe('/media/ekg/ventricular-fibrillation-coarse.svg');
    expect(session.items.find((i) => i.type === 'multiple')!.selectCount).toBe(3);
  });

  it('tutor mode: each answer gets correct + feedback (keyed answer, every rationale, reference); scored all-or-nothing', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 10 });
    expect(session.timeLimitSeconds).toBeNull();
    // the time an answer reports is bounded by the time since the items were sent: let that be long enough
    s.advanceClock(120_000);
    const walked = await walk(emt.cookie, session.id, (item, i) => (i % 2 === 0 ? keyedFor(item) : wrongFor(item)));
    expect(walked).toHaveLength(9);
    for (const [i, { item, r }] of walked.entries()) {
      const right = i % 2 === 0;
      expect(r.correct).toBe(right);
      expect(r.feedback!.correct).toBe(right);
      expect(r.feedback!.key).toEqual(keyedFor(item));
      expect(r.feedback!.options.map((o) => o.id).sort()).toEqual(item.options.map((o) => o.id).sort());
      expect(r.feedback!.options.every((o) => o.rationale.length > 0)).toBe(true);
      expect(r.feedback!.reference).toBe(fileItem(item.key).reference);
      // a wrong technology-enhanced answer says how many of its parts were right (wrongFor gets one or two wrong)
      const total = item.type === 'multiple' ? item.selectCount! : item.options.length;
      const wrongParts = item.type === 'build_list' ? 2 : 1;
      if (item.type === 'single') expect(r.feedback!.parts).toBeUndefined();
      else expect(r.feedback!.parts).toEqual({ right: right ? total : total - wrongParts, total });
    }
    const { results } = await call<{ results: SessionResults }>(emt.cookie, `/sessions/${session.id}/complete`, { json: {} });
    expect(results.total).toBe(9);
    expect(results.score).toBe(5);
    expect(results.timeMs).toBe(9 * 5000);
    expect(results.byDomain.reduce((n, d) => n + d.total, 0)).toBe(9);
    expect(results.byDomain.map((d) => d.domain)).toEqual([
      'Scene Size-Up and Safety',
      'Primary Assessment',
      'Secondary Assessment',
      'Patient Treatment and Transport',
      'Operations',
    ]);
    // idempotent
    expect((await call<{ results: SessionResults }>(emt.cookie, `/sessions/${session.id}/complete`, { json: {} })).results).toEqual(
      results,
    );
    const done = await call<{ session: QuestionSession }>(emt.cookie, `/sessions/${session.id}`);
    expect(done.session.completedAt).not.toBeNull();
    expect(done.session.results).toEqual(results);
    // one question_start, nine answers, one question_complete, feature type "question"
    const events = await s.deps.database.db.select().from(userInteractions).where(eq(userInteractions.userId, emt.id));
    expect(events.every((e) => e.featureType === 'question')).toBe(true);
    expect(events.map((e) => e.actionType).sort()).toEqual(
      ['answer', ...Array(8).fill('answer'), 'question_complete', 'question_start'].sort(),
    );
    expect(events.find((e) => e.actionType === 'question_complete')).toMatchObject({ score: 5, totalItems: 9, completionPercentage: 100 });
  });

  it('keeps a case set together and in order, and sends each later item (and its update) only once the one before is answered', async () => {
    for (const mode of ['tutor', 'timed'] as const) {
      const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
      const { session } = await start(emt.cookie, { level: 'EMT', count: 50, mode });
      const keysOf = (items: PublicItem[]) => items.filter((i) => i.case).map((i) => i.key);
      // only the case's first item is sent: a later stem or update would answer it
      expect(keysOf(session.items)).toEqual(['emt-pa-9101']);
      const first = session.items.find((i) => i.case)!;
      expect(first.case).toMatchObject({ key: 'emt-case-9001', title: 'Chest pain at a grocery store' });
      expect(first.case!.update).toBeUndefined();
      expect(JSON.stringify(session)).not.toMatch(/His airway is clear|ST elevation|emt-pa-9102|emt-ptt-9101/);
      await answer(emt.cookie, session.id, first.key, wrongFor(first));
      const second = (await call<{ session: QuestionSession }>(emt.cookie, `/sessions/${session.id}`)).session;
      expect(keysOf(second.items)).toEqual(['emt-pa-9101', 'emt-pa-9102']);
      const index = second.items.findIndex((i) => i.key === 'emt-pa-9101');
      expect(second.items[index + 1]!.key).toBe('emt-pa-9102');
      expect(second.items[index + 1]!.case!.update).toMatch(/^His airway is clear/);
      expect(JSON.stringify(second)).not.toMatch(/ST elevation|emt-ptt-9101/);
      await answer(emt.cookie, session.id, 'emt-pa-9102', keyedFor(second.items[index + 1]!));
      const third = (await call<{ session: QuestionSession }>(emt.cookie, '/sessions/current')).session;
      expect(keysOf(third.items)).toEqual(['emt-pa-9101', 'emt-pa-9102', 'emt-ptt-9101']);
      expect(third.items.find((i) => i.key === 'emt-ptt-9101')!.case!.update).toMatch(/ST elevation/);
      await call(emt.cookie, `/sessions/${session.id}/complete`, { json: {} });
    }
    // an item not reached yet cannot be answered: it was never sent
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 50 });
    const early = await s.request(`/api/questions/sessions/${session.id}/answers`, {
      cookie: emt.cookie,
      method: 'POST',
      json: { itemKey: 'emt-pa-9102', answer: { choice: 'a' }, timeMs: 1000, clientId: randomUUID() },
    });
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe("Answer the case's earlier question first.");
  });

  it('stores an attempt once under retry (same clientId), and refuses a second different answer (409)', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 10 });
    const item = session.items[0]!;
    const clientId = randomUUID();
    const results = await Promise.all([1, 2, 3].map(() => answer(emt.cookie, session.id, item.key, keyedFor(item), clientId)));
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]!.correct).toBe(true);
    const stored = await s.deps.database.db
      .select()
      .from(questionAttempts)
      .where(and(eq(questionAttempts.userId, emt.id), eq(questionAttempts.itemKey, item.key)));
    expect(stored).toHaveLength(1);
    const conflict = await s.request(`/api/questions/sessions/${session.id}/answers`, {
      cookie: emt.cookie,
      method: 'POST',
      json: { itemKey: item.key, answer: wrongFor(item), timeMs: 1000, clientId: randomUUID() },
    });
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.code).toBe('ALREADY_ANSWERED');
    // the replay still answers after completion
    await call(emt.cookie, `/sessions/${session.id}/complete`, { json: {} });
    expect(await answer(emt.cookie, session.id, item.key, keyedFor(item), clientId)).toEqual(results[0]);
    await answer(emt.cookie, session.id, session.items[1]!.key, keyedFor(session.items[1]!), randomUUID(), 409);
  });

  it('refuses an answer of the wrong shape or naming an unknown option (400), and another student’s session (404)', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 10 });
    const single = session.items.find((i) => i.type === 'single')!;
    await answer(emt.cookie, session.id, single.key, { choices: ['a', 'b'] }, randomUUID(), 400);
    await answer(emt.cookie, session.id, single.key, { choice: 'z' }, randomUUID(), 400);
    await answer(emt.cookie, session.id, 'para-card-9001', { choice: 'a' }, randomUUID(), 400);
    const other = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    await call(other.cookie, `/sessions/${session.id}`, {}, 404);
    await answer(other.cookie, session.id, single.key, { choice: 'a' }, randomUUID(), 404);
    await call(emt.cookie, '/sessions/not-a-uuid', {}, 404);
  });

  it('resumes: GET /sessions/current is the latest unfinished session with its answers; a reload keeps the option order', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    expect((await call<{ session: QuestionSession | null }>(emt.cookie, '/sessions/current')).session).toBeNull();
    const { session } = await start(emt.cookie, { level: 'EMT', count: 10, mode: 'timed' });
    expect(session.timeLimitSeconds).toBe(60 * session.count);
    const item = session.items.filter((i) => !i.case)[2]!;
    expect(await answer(emt.cookie, session.id, item.key, wrongFor(item))).toEqual({ recorded: true });
    const { session: current } = await call<{ session: QuestionSession }>(emt.cookie, '/sessions/current');
    expect(current.id).toBe(session.id);
    expect(current.items).toEqual(session.items);
    expect(current.answers).toEqual({ [item.key]: { answer: wrongFor(item) } });
    const { results } = await call<{ results: SessionResults }>(emt.cookie, `/sessions/${session.id}/complete`, { json: {} });
    expect(results.score).toBe(0);
    expect(results.items.filter((i) => i.answer === null)).toHaveLength(session.count - 1);
    expect(results.items.every((i) => i.feedback.options.length > 0)).toBe(true);
    expect((await call<{ session: QuestionSession | null }>(emt.cookie, '/sessions/current')).session).toBeNull();
  });

  it('a timed quiz runs on the server’s clock: moved past its limit and grace, an answer is refused and the quiz ends there', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const { session } = await start(emt.cookie, { level: 'EMT', count: 10, mode: 'timed' });
    const limitMs = session.timeLimitSeconds! * 1000;
    const [first, second] = session.items.filter((i) => !i.case);
    // the limit and the 30 s grace pass on the injected clock (deps.now), not by waiting
    s.advanceClock(limitMs + 29_000);
    try {
      expect(await answer(emt.cookie, session.id, first!.key, keyedFor(first!))).toEqual({ recorded: true });
      s.advanceClock(2_000);
      const late = await call<{ error: { code: string } }>(
        emt.cookie,
        `/sessions/${session.id}/answers`,
        { json: { itemKey: second!.key, answer: keyedFor(second!), timeMs: 5000, clientId: randomUUID() } },
        409,
      );
      expect(late.error.code).toBe('TIME_UP');
      // resuming finds no running quiz: it was completed, at the clock's time, with the answer given in time
      expect((await call<{ session: QuestionSession | null }>(emt.cookie, '/sessions/current')).session).toBeNull();
      const { session: ended } = await call<{ session: QuestionSession }>(emt.cookie, `/sessions/${session.id}`);
      expect(Date.parse(ended.completedAt!) - Date.parse(ended.startedAt)).toBeGreaterThanOrEqual(limitMs + 31_000);
      expect(ended.results!.score).toBe(1);
      expect(ended.answers[first!.key]!.correct).toBe(true);
    } finally {
      s.advanceClock(-(limitMs + 31_000));
    }
  });

  it('filters: unseen = never attempted, missed = latest attempt wrong, flagged = flagged', async () => {
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const first = (await start(para.cookie, { level: 'Paramedic', count: 10 })).session;
    const [a, b, c] = first.items;
    await answer(para.cookie, first.id, a!.key, keyedFor(a!));
    await answer(para.cookie, first.id, b!.key, wrongFor(b!));
    await answer(para.cookie, first.id, c!.key, wrongFor(c!));
    await call(para.cookie, `/sessions/${first.id}/complete`, { json: {} });
    // c answered right later: no longer missed
    const second = (await start(para.cookie, { level: 'Paramedic', count: 10 })).session;
    const c2 = second.items.find((i) => i.key === c!.key)!;
    await answer(para.cookie, second.id, c2.key, keyedFor(c2));
    await call(para.cookie, `/sessions/${second.id}/complete`, { json: {} });

    const keys = async (filter: string) =>
      (await start(para.cookie, { level: 'Paramedic', count: 50, filter })).session.items.map((i) => i.key).sort();
    expect(await keys('missed')).toEqual([b!.key]);
    expect(await keys('unseen')).toEqual(
      first.items
        .slice(3)
        .map((i) => i.key)
        .sort(),
    );
    await start(para.cookie, { level: 'Paramedic', filter: 'flagged' }, 409);
    expect(await call(para.cookie, `/flags/${a!.key}`, { method: 'PUT', json: { flagged: true } })).toEqual({ flagged: true });
    expect(await call(para.cookie, `/flags/${a!.key}`, { method: 'PUT', json: { flagged: true } })).toEqual({ flagged: true });
    expect(await keys('flagged')).toEqual([a!.key]);
    const o = await call<QuestionOptions>(para.cookie, '/options');
    expect(o.counts).toEqual({ all: 7, unseen: 4, missed: 1, flagged: 1 });
    const flaggedItem = (await start(para.cookie, { level: 'Paramedic', count: 50 })).session.items.find((i) => i.key === a!.key)!;
    expect(flaggedItem.flagged).toBe(true);
    await call(para.cookie, `/flags/${a!.key}`, { method: 'PUT', json: { flagged: false } });
    const none = await s.request('/api/questions/sessions', {
      cookie: para.cookie,
      method: 'POST',
      json: { level: 'Paramedic', domains: [], topics: [], count: 10, filter: 'flagged', mode: 'tutor' },
    });
    expect(none.status).toBe(409);
    expect((await none.json()).error.message).toMatch(/No flagged questions match/);
  });

  it('filters by domain and topic, sends what matches when fewer than asked, and refuses bad input clearly', async () => {
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const { session } = await start(para.cookie, { level: 'Paramedic', domains: ['Medical/OB/GYN'], count: 25 });
    expect(session.items.map((i) => i.key).sort()).toEqual(['para-med-9001', 'para-med-9002']);
    expect(session.count).toBe(2);
    const topic = await start(para.cookie, { level: 'Paramedic', topics: ['Trauma'], count: 10 });
    expect(topic.session.items.map((i) => i.key)).toEqual(['para-trm-9001']);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await s.request('/api/questions/sessions', {
        cookie: para.cookie,
        method: 'POST',
        json: { level: 'Paramedic', domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor', ...body },
      });
      expect(res.status).toBe(400);
      const err = (await res.json()).error;
      expect(err.issues.map((i: { path: string }) => i.path)).toContain(field);
    };
    await bad({ count: 11 }, 'count');
    await bad({ mode: 'exam' }, 'mode');
    await bad({ filter: 'new' }, 'filter');
    await bad({ topics: ['Astrology'] }, 'topics.0');
    await bad({ domains: ['Operations'] }, 'domains');
  });

  it('content:import upserts items by key: idempotent, edits in place, a removed key retired (never offered) and back when restored', async () => {
    const db = s.deps.database.db;
    expect(await importQuestions(db, fixture.questions)).toEqual({
      questions: { inserted: 0, updated: 0, deleted: 0 },
      questionCases: { inserted: 0, updated: 0, deleted: 0 },
    });
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const { session } = await start(para.cookie, { level: 'Paramedic', count: 10 });
    const gone = 'para-ops-9001';
    const edited = fixture.questions.items.map((i) => (i.key === 'para-arv-9001' ? { ...i, stem: `${i.stem} (edited)` } : i));
    try {
      const report = await importQuestions(db, { ...fixture.questions, items: edited.filter((i) => i.key !== gone) });
      expect(report.questions).toEqual({ inserted: 0, updated: 1, deleted: 1 });
      const [row] = await db.select().from(questionItems).where(eq(questionItems.key, gone));
      expect(row!.retired).toBe(true);
      const next = await start(para.cookie, { level: 'Paramedic', count: 50 });
      expect(next.session.items.map((i) => i.key)).not.toContain(gone);
      expect(next.session.items.find((i) => i.key === 'para-arv-9001')!.stem).toMatch(/\(edited\)$/);
      // a session started before keeps the retired item's text (attempts point at it)
      expect((await call<{ session: QuestionSession }>(para.cookie, `/sessions/${session.id}`)).session.items).toHaveLength(7);
    } finally {
      expect((await importQuestions(db, fixture.questions)).questions).toEqual({ inserted: 0, updated: 2, deleted: 0 });
    }
  });

  it('files a problem report (201) about an item of the student’s level', async () => {
    const emt = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    expect(
      await call(emt.cookie, '/reports', { json: { itemKey: 'emt-ssu-9001', reason: 'unclear', text: 'Option B reads oddly.' } }, 201),
    ).toEqual({ ok: true });
    await call(emt.cookie, '/reports', { json: { itemKey: 'para-card-9001', reason: 'typo', text: 'x' } }, 404);
    await call(emt.cookie, '/reports', { json: { itemKey: 'emt-ssu-9001', reason: 'typo', text: '   ' } }, 400);
    await call(emt.cookie, '/reports', { json: { itemKey: 'emt-ssu-9001', reason: 'rude', text: 'x' } }, 400);
    await call(emt.cookie, '/reports', { json: { itemKey: 'emt-ssu-9001', reason: 'other', text: 'x'.repeat(1001) } }, 400);
  });
});
