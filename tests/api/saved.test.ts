import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView } from '../../src/shared/contracts/exam';
import { savedListResponse, saveResponse, type SavedListResponse } from '../../src/shared/contracts/saved';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Saved (decision 102): bookmarks are the student's own, a replayed write is one bookmark and one event, and nothing the
// item-access module hides (the exam's reserve, an open exam's items, another level's content) can be saved or listed.

type Student = Awaited<ReturnType<typeof signedInUser>>;

describe.each(testDatabases())('saved API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const save = (u: Student, kind: string, key: string, saved = true, clientId = randomUUID()) =>
    s.request(`/api/saved/${kind}/${encodeURIComponent(key)}`, { method: 'PUT', cookie: u.cookie, json: { saved, clientId } });
  const list = async (u: Student): Promise<SavedListResponse> => {
    const res = await s.request('/api/saved', { cookie: u.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return savedListResponse.parse(await res.json());
  };
  const one = async (q: ReturnType<typeof sql>) => (await db().execute<{ key: string }>(q)).rows[0]!.key;
  const practiceKey = (level: string) =>
    one(
      sql`select key from question_items where level = ${level} and pool = 'practice' and not retired and case_key is null order by key limit 1`,
    );
  const cardKey = (level: string) => one(sql`select key from flashcards where course_level = ${level} order by id limit 1`);
  const scenarioKey = (level = 'EMT') => s.content.scenarios.find((x) => x.course_level === level)!.key;

  it('saves one of each kind, lists them by kind with counts, and another student never sees them', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const other = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const [card, question, scenario] = [await cardKey('EMT'), await practiceKey('EMT'), scenarioKey()];
    for (const [k, key] of [
      ['flashcard', card],
      ['question', question],
      ['scenario', scenario],
      ['video', 'vid-adult-cpr-quality'],
    ] as const) {
      const res = await save(u, k, key);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(saveResponse.parse(await res.json())).toEqual({ kind: k, key, saved: true });
    }
    const mine = await list(u);
    expect(mine.counts).toEqual({ flashcard: 1, question: 1, scenario: 1, video: 1 });
    expect(mine.flashcards.map((c) => c.key)).toEqual([card]);
    expect(mine.questions.map((q) => q.key)).toEqual([question]);
    expect(mine.scenarios.map((x) => x.key)).toEqual([scenario]);
    expect(mine.videos.map((v) => v.key)).toEqual(['vid-adult-cpr-quality']);
    // the question's row shows its stem, never its key or rationale
    expect(JSON.stringify(mine.questions)).not.toMatch(/correct|rationale/i);
    expect(await list(other)).toEqual({
      counts: { flashcard: 0, question: 0, scenario: 0, video: 0 },
      flashcards: [],
      questions: [],
      scenarios: [],
      videos: [],
    });
    // the other student clearing "their" bookmark of the same card leaves the first student's alone
    expect((await save(other, 'flashcard', card, false)).status).toBe(200);
    expect((await list(u)).counts.flashcard).toBe(1);
    // unsaving removes it; the flag on the same card is a mark of its own and stays
    const cardId = mine.flashcards[0]!.id;
    await s.request(`/api/flashcards/${cardId}/state`, {
      method: 'PUT',
      cookie: u.cookie,
      json: { isFlagged: true, isCorrect: false, isWrong: false },
    });
    expect((await save(u, 'flashcard', card, false)).status).toBe(200);
    expect((await list(u)).counts.flashcard).toBe(0);
    const flagged = await s.request('/api/flashcards/page?deck=mine&filter=flagged', { cookie: u.cookie });
    expect(((await flagged.json()) as { cards: { key: string }[] }).cards.map((c) => c.key)).toEqual([card]);
  });

  it('a replayed write (same client id) is one bookmark and one usage event', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const key = await practiceKey('EMT');
    const clientId = randomUUID();
    for (let i = 0; i < 3; i++) expect((await save(u, 'question', key, true, clientId)).status).toBe(200);
    // the same bookmark from another device (a new client id) changes nothing either
    expect((await save(u, 'question', key, true)).status).toBe(200);
    expect((await list(u)).counts.question).toBe(1);
    const events = async () =>
      (
        await db().execute<{ id: string; action_type: string; feature_id: string }>(
          sql`select id, action_type, feature_id from user_interactions where user_id = ${u.id} and feature_type = 'saved' order by created_at`,
        )
      ).rows;
    expect(await events()).toEqual([{ id: clientId, action_type: 'save', feature_id: `question:${key}` }]);
    const off = randomUUID();
    expect((await save(u, 'question', key, false, off)).status).toBe(200);
    expect((await save(u, 'question', key, false, off)).status).toBe(200);
    expect((await events()).map((e) => e.action_type)).toEqual(['save', 'unsave']);
    expect((await list(u)).counts.question).toBe(0);
    // the admin's usage analytics count them under their own feature
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const analytics = await s.request(`/api/admin/users/${u.id}/analytics`, { cookie: admin.cookie });
    const body = (await analytics.json()) as { byFeature: { feature: string; events: number }[] };
    expect(body.byFeature.find((f) => f.feature === 'saved')).toEqual(expect.objectContaining({ events: 2 }));
  });

  it("never saves an exam-reserve item, an open exam's item or another level's content: one 404 like an unknown key", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const unknown = await save(u, 'question', 'emt-no-such-item');
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    const reserve = await one(sql`select key from question_items where level = 'EMT' and pool = 'exam' and not retired limit 1`);
    const reserveRes = await save(u, 'question', reserve);
    expect(reserveRes.status).toBe(404);
    expect(await reserveRes.json()).toEqual(unknownBody);
    expect((await save(u, 'question', await practiceKey('Paramedic'))).status).toBe(404);
    expect((await save(u, 'flashcard', await cardKey('Paramedic'))).status).toBe(404);
    expect((await save(u, 'scenario', 'no-such-scenario')).status).toBe(404);
    expect((await save(u, 'video', 'vid-no-such-video')).status).toBe(404);
    expect((await save(u, 'drug', 'x')).status).toBe(404);

    // an item saved before the exam gave it is not listed while the exam runs, and cannot be saved again
    const before = await practiceKey('EMT');
    expect((await save(u, 'question', before)).status).toBe(200);
    const exam = examView.parse(await (await s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } })).json());
    const given = exam.item!.key;
    const givenRes = await save(u, 'question', given);
    expect(givenRes.status).toBe(404);
    expect(await givenRes.json()).toEqual(unknownBody);
    await db().execute(sql`insert into item_marks (user_id, kind, key, mark) values (${u.id}, 'question', ${given}, 'bookmark')`);
    const listed = await list(u);
    expect(listed.questions.map((q) => q.key)).not.toContain(given);
    expect(JSON.stringify(listed)).not.toContain(exam.item!.stem);
    // and a practice of the saved questions never serves it
    const started = await s.request('/api/questions/sessions', {
      method: 'POST',
      cookie: u.cookie,
      json: { level: 'EMT', count: 10, filter: 'saved', mode: 'tutor' },
    });
    const text = await started.text();
    expect(text).not.toContain(given);
  });

  it('the saved cards study as a deck and the saved questions practise as a session', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const cards = (await db().execute<{ key: string }>(sql`select key from flashcards where course_level = 'EMT' order by id limit 3`))
      .rows;
    for (const c of cards) expect((await save(u, 'flashcard', c.key)).status).toBe(200);
    const deck = await s.request('/api/flashcards/page?deck=mine&filter=saved', { cookie: u.cookie });
    const page = (await deck.json()) as { total: number; cards: { key: string }[] };
    expect(page.total).toBe(3);
    expect(page.cards.map((c) => c.key).sort()).toEqual(cards.map((c) => c.key).sort());
    const key = await practiceKey('EMT');
    expect((await save(u, 'question', key)).status).toBe(200);
    const res = await s.request('/api/questions/sessions', {
      method: 'POST',
      cookie: u.cookie,
      json: { level: 'EMT', count: 10, filter: 'saved', mode: 'tutor' },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { session } = (await res.json()) as { session: { items: { key: string }[] } };
    expect(session.items.map((i) => i.key)).toEqual([key]);
    // one saved question opened from /saved: a practice of that item alone
    const single = await s.request('/api/questions/sessions', {
      method: 'POST',
      cookie: u.cookie,
      json: { level: 'EMT', count: 10, filter: 'all', mode: 'tutor', keys: [key] },
    });
    expect(single.status).toBe(201);
    expect(((await single.json()) as { session: { items: { key: string }[] } }).session.items.map((i) => i.key)).toEqual([key]);
  });
});
