import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reviewAnswerResponse,
  reviewQueueResponse,
  reviewSettingsResponse,
  reviewStatsResponse,
  type ReviewQueueResponse,
} from '../../src/shared/contracts/review';
import { newSrsCard, schedule } from '../../src/shared/srs';
import { studyDayOf } from '../../src/shared/study-day';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('review API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const cardsOf = async (level: string, n: number) =>
    (
      await db().execute<{ id: number; key: string }>(
        sql`select id, key from flashcards where course_level = ${level} order by id limit ${n}`,
      )
    ).rows;
  const queue = async (cookie: string) => {
    const res = await s.request('/api/review/queue', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return reviewQueueResponse.parse(await res.json());
  };
  const stats = async (cookie: string) => {
    const res = await s.request('/api/review/stats', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return reviewStatsResponse.parse(await res.json());
  };
  const answer = (cookie: string, key: string, grade: string, clientId: string = randomUUID(), reviewedAt?: Date) =>
    s.request('/api/review/answers', {
      method: 'POST',
      cookie,
      json: { kind: 'flashcard', key, grade, clientId, ...(reviewedAt ? { reviewedAt: reviewedAt.toISOString() } : {}) },
    });
  const deckAnswer = (cookie: string, id: number, correct: boolean, clientId: string = randomUUID()) =>
    s.request(`/api/flashcards/${id}/state`, {
      method: 'PUT',
      cookie,
      json: { isFlagged: false, isCorrect: correct, isWrong: !correct, review: { clientId } },
    });
  const logs = async (userId: string) =>
    (
      await db().execute<{
        item_key: string;
        grade: number;
        state_before: number;
        state_after: number;
        reviewed_at: string;
        source: string;
      }>(
        sql`select item_key, grade, state_before, state_after, reviewed_at, source from srs_review_logs where user_id = ${userId} order by id`,
      )
    ).rows;
  const keysOf = (q: ReviewQueueResponse) => [...q.due, ...q.new].map((i) => i.key);

  it("days are the student's (decision 090): reviews ten minutes apart across UTC midnight, 7 pm in New York, are one day", async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    expect((await s.request('/api/home', { method: 'POST', cookie: u.cookie, json: { timeZone: 'America/New_York' } })).status).toBe(200);
    const [c] = await cardsOf('EMT', 1);
    // the server's clock set to the next 23:55 UTC (6:55 or 7:55 pm in New York), then back
    const real = Date.now();
    const today = new Date(real);
    let evening = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 55);
    if (evening < real + 60_000) evening += 86_400_000;
    const offset = evening - real;
    s.advanceClock(offset);
    try {
      expect((await answer(u.cookie, c!.key, 'good')).status).toBe(200);
      s.advanceClock(10 * 60_000);
      const second = reviewAnswerResponse.parse(await (await answer(u.cookie, c!.key, 'good')).json());
      expect(second.card.state).toBe(2);
      expect(second.card.scheduledDays).toBe(2);
      expect(second.card.stability).toBeCloseTo(2.3065, 4);
      const { rows } = await db().execute<{ elapsed_days: number }>(
        sql`select elapsed_days from srs_review_logs where user_id = ${u.id} order by id`,
      );
      expect(rows.map((r) => r.elapsed_days)).toEqual([0, 0]);
      // the queue's day (counted by the database) ends at 4 am in New York, where the shared rule ends it
      const q = await queue(u.cookie);
      expect(q.timeZone).toBe('America/New_York');
      expect(q.endOfDay).toBe(studyDayOf(s.deps.now(), 'America/New_York').end.toISOString());
      expect(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date(q.endOfDay)),
      ).toBe('04');
    } finally {
      s.advanceClock(-offset - 10 * 60_000);
    }
  });

  it("a deck's Correct / Wrong schedules the card (Good / Again) and the queue holds only the student's own cards of their levels", async () => {
    const para = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const [wrong, right] = await cardsOf('Paramedic', 2);
    expect((await deckAnswer(para.cookie, wrong!.id, false)).status).toBe(200);
    expect((await deckAnswer(para.cookie, right!.id, true)).status).toBe(200);
    // the deck's own state is exactly as before: Correct / Wrong marks
    const marks = await db().execute<{ flashcard_id: number; is_correct: boolean; is_wrong: boolean }>(
      sql`select flashcard_id, is_correct, is_wrong from user_flashcard_interactions where user_id = ${para.id} order by flashcard_id`,
    );
    expect(marks.rows).toEqual(
      [
        { flashcard_id: wrong!.id, is_correct: false, is_wrong: true },
        { flashcard_id: right!.id, is_correct: true, is_wrong: false },
      ].sort((a, b) => a.flashcard_id - b.flashcard_id),
    );
    expect((await logs(para.id)).map((l) => [l.item_key, l.grade, l.state_before, l.state_after, l.source])).toEqual([
      [wrong!.key, 1, 0, 1, 'deck'],
      [right!.key, 3, 0, 1, 'deck'],
    ]);

    const q = await queue(para.cookie);
    // Wrong is due in 1 minute, Correct in 10: the wrong one first
    expect(q.due.map((i) => i.key)).toEqual([wrong!.key, right!.key]);
    expect(q.due.every((i) => i.kind === 'flashcard' && i.flashcard.courseLevel === 'Paramedic')).toBe(true);
    expect(q.new.every((i) => i.kind === 'flashcard' && i.flashcard.courseLevel === 'Paramedic' && i.card.state === 0)).toBe(true);
    expect(q.new.map((i) => i.key)).not.toContain(wrong!.key);

    const other = await queue(emt.cookie);
    expect(other.due).toEqual([]);
    expect(other.new.length).toBe(20);
    expect(other.new.every((i) => i.kind === 'flashcard' && i.flashcard.courseLevel === 'EMT')).toBe(true);
    // an EMT student cannot review a Paramedic card
    expect((await answer(emt.cookie, wrong!.key, 'good')).status).toBe(403);
  });

  it('a duplicate review (a retry with the same client id) is applied once, in the decks and on /review', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const [a, b] = await cardsOf('EMT', 2);
    const id = randomUUID();
    const first = reviewAnswerResponse.parse(await (await answer(u.cookie, a!.key, 'good', id)).json());
    const again = reviewAnswerResponse.parse(await (await answer(u.cookie, a!.key, 'good', id)).json());
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.card).toEqual(first.card);
    expect(first.card.reps).toBe(1);
    const deckId = randomUUID();
    await Promise.all([deckAnswer(u.cookie, b!.id, false, deckId), deckAnswer(u.cookie, b!.id, false, deckId)]);
    expect((await deckAnswer(u.cookie, b!.id, false, deckId)).status).toBe(200);
    const l = await logs(u.id);
    expect(l.map((x) => x.item_key)).toEqual([a!.key, b!.key]);
    const reps = await db().execute<{ item_key: string; reps: number }>(
      sql`select item_key, reps from srs_cards where user_id = ${u.id} order by item_key`,
    );
    expect(reps.rows.every((r) => r.reps === 1)).toBe(true);
  });

  it('offline reviews replayed in order apply in order, each at the time it was given', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const [a] = await cardsOf('EMT', 1);
    const t1 = new Date(Date.now() - 2 * 3600_000);
    const t2 = new Date(t1.getTime() + 60_000);
    expect((await answer(u.cookie, a!.key, 'again', randomUUID(), t1)).status).toBe(200);
    const last = reviewAnswerResponse.parse(await (await answer(u.cookie, a!.key, 'good', randomUUID(), t2)).json());
    const options = { retention: 0.9, timeZone: 'UTC', kind: 'flashcard' as const, key: a!.key };
    const expected = schedule(schedule(newSrsCard(t1), 'again', t1, options).card, 'good', t2, options).card;
    expect(last.card.due).toBe(expected.due.toISOString());
    expect(last.card.lastReview).toBe(t2.toISOString());
    expect((await logs(u.id)).map((l) => [l.grade, new Date(l.reviewed_at).toISOString()])).toEqual([
      [1, t1.toISOString()],
      [3, t2.toISOString()],
    ]);
    // a replayed review never lands before the card's previous one, nor in the future
    const late = reviewAnswerResponse.parse(await (await answer(u.cookie, a!.key, 'good', randomUUID(), t1)).json());
    expect(late.card.lastReview).toBe(t2.toISOString());
    const future = reviewAnswerResponse.parse(
      await (await answer(u.cookie, a!.key, 'good', randomUUID(), new Date(Date.now() + 86_400_000))).json(),
    );
    expect(new Date(future.card.lastReview!).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('the due count matches the queue; the new-card limit counts the cards begun today', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const put = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { desiredRetention: 0.9, newPerDay: 5, levels: [], categories: [], showHardEasy: false },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const cards = await cardsOf('Paramedic', 3);
    for (const c of cards) expect((await deckAnswer(u.cookie, c.id, false)).status).toBe(200);
    const q = await queue(u.cookie);
    const st = await stats(u.cookie);
    expect(q.due.length).toBe(3);
    expect(st.dueToday).toBe(q.due.length);
    expect(q.new.length).toBe(2);
    expect(st.newToday).toBe(q.new.length);
    expect(st.reviewsToday).toBe(3);
    expect(st.dueNextWeek).toBe(0); // the three answered today are due again today
    expect(st.trueRetention).toBeNull();
    expect(new Set(keysOf(q)).size).toBe(5);
  });

  it('the figures of /review are one set, from one fixture: the queue, what was done today, the next 7 days, retention', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const put = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { desiredRetention: 0.9, newPerDay: 5, levels: [], categories: [], showHardEasy: false },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const [a, b, c, d, e, f] = (await cardsOf('EMT', 6)) as [{ id: number; key: string }, ...{ id: number; key: string }[]];
    const learn = async (key: string, at: Date) => {
      await answer(u.cookie, key, 'good', randomUUID(), at);
      await answer(u.cookie, key, 'good', randomUUID(), new Date(at.getTime() + 600_000));
    };
    // learned five days ago (due again by now), learned yesterday (due in the coming days), and one in the deck today
    for (const card of [a, b!, c!]) await learn(card.key, new Date(Date.now() - 5 * 86_400_000));
    await learn(d!.key, new Date(Date.now() - 86_400_000));
    await learn(e!.key, new Date(Date.now() - 2 * 86_400_000));
    expect((await deckAnswer(u.cookie, f!.id, false)).status).toBe(200);
    // today's reviews of learned cards: one remembered, one forgotten (retention 1 of 2)
    await answer(u.cookie, a.key, 'good');
    await answer(u.cookie, b!.key, 'again');

    const q = await queue(u.cookie);
    const st = await stats(u.cookie);
    // the same figures counted straight from the fixture's rows
    const end = new Date(q.endOfDay);
    const start = new Date(end.getTime() - 86_400_000);
    const week = new Date(end.getTime() + 7 * 86_400_000);
    const cards = (await db().execute<{ due: string }>(sql`select due from srs_cards where user_id = ${u.id}`)).rows.map(
      (r) => new Date(r.due),
    );
    const all = await logs(u.id);
    const today = all.filter((l) => new Date(l.reviewed_at) >= start);
    const learned = all.filter((l) => l.state_before === 2);
    const expected = {
      dueToday: cards.filter((due) => due < end).length,
      dueNextWeek: cards.filter((due) => due >= end && due < week).length,
      doneToday: today.length,
      newToday: 5 - today.filter((l) => l.state_before === 0).length,
      retention: learned.filter((l) => l.grade > 1).length / learned.length,
    };
    expect(expected).toMatchObject({ doneToday: 3, newToday: 4, retention: 0.5 });
    expect(expected.dueToday).toBeGreaterThanOrEqual(3);
    expect(expected.dueNextWeek).toBeGreaterThanOrEqual(1);
    expect({
      dueToday: st.dueToday,
      dueNextWeek: st.dueNextWeek,
      doneToday: st.reviewsToday,
      newToday: st.newToday,
      retention: st.trueRetention,
    }).toEqual(expected);
    // the queue holds what the figures count, and knows what was done today
    expect([q.due.length, q.new.length, q.doneToday]).toEqual([st.dueToday, st.newToday, st.reviewsToday]);
    expect(st.retentionReviews).toBe(2);
  });

  it('settings: bounds on their fields, levels within the course; a new retention moves future reviews, not past ones', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const bad = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { desiredRetention: 0.5, newPerDay: 101, levels: [], categories: [], showHardEasy: false },
    });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { error: { issues: { path: string }[] } }).error.issues.map((i) => i.path);
    expect(issues).toEqual(expect.arrayContaining(['desiredRetention', 'newPerDay']));
    const para = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { desiredRetention: 0.9, newPerDay: 20, levels: ['Paramedic'], categories: [], showHardEasy: false },
    });
    expect(para.status).toBe(400);

    // a card in review state: learned two days ago (Good, Good 10 minutes later), so due today at 0.90
    const [a] = await cardsOf('EMT', 1);
    const t = new Date(Date.now() - 3 * 86_400_000);
    await answer(u.cookie, a!.key, 'good', randomUUID(), t);
    const graduated = reviewAnswerResponse.parse(
      await (await answer(u.cookie, a!.key, 'good', randomUUID(), new Date(t.getTime() + 600_000))).json(),
    ).card;
    expect(graduated.state).toBe(2);
    expect(graduated.scheduledDays).toBe(2);
    const logsBefore = await logs(u.id);

    const saved = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { desiredRetention: 0.8, newPerDay: 10, levels: ['EMT'], categories: ['Trauma'], showHardEasy: true },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const body = reviewSettingsResponse.parse(await saved.json());
    expect(body.rescheduled).toBe(1);
    expect(body.settings).toEqual({
      desiredRetention: 0.8,
      newPerDay: 10,
      levels: ['EMT'],
      categories: ['Trauma'],
      showHardEasy: true,
      questionRetention: 0.9,
    });
    // FSRS at 0.80 gives stability 2.3065 an 8-day interval (tests/fixtures/srs/fsrs6.py), counted from the last review
    const [moved] = (
      await db().execute<{ due: string; scheduled_days: number; last_review: string }>(
        sql`select due, scheduled_days, last_review from srs_cards where user_id = ${u.id}`,
      )
    ).rows;
    expect(moved!.scheduled_days).toBe(8);
    expect(new Date(moved!.due).getTime() - new Date(moved!.last_review).getTime()).toBe(8 * 86_400_000);
    expect(await logs(u.id)).toEqual(logsBefore);
    // the chosen category feeds the queue
    const q = await queue(u.cookie);
    expect(q.new.every((i) => i.kind === 'flashcard' && i.flashcard.category === 'Trauma')).toBe(true);
    expect(q.showHardEasy).toBe(true);
    expect(q.desiredRetention).toBe(0.8);
  });

  it('true retention: share of reviews of cards in review state answered Correct over 30 days', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const cards = await cardsOf('EMT', 3);
    const t = new Date(Date.now() - 5 * 86_400_000);
    for (const [i, c] of cards.entries()) {
      await answer(u.cookie, c.key, 'good', randomUUID(), t);
      await answer(u.cookie, c.key, 'good', randomUUID(), new Date(t.getTime() + 600_000));
      await answer(u.cookie, c.key, i === 0 ? 'again' : 'good', randomUUID(), new Date(t.getTime() + 3 * 86_400_000));
    }
    const st = await stats(u.cookie);
    expect(st.retentionReviews).toBe(3);
    expect(st.trueRetention).toBeCloseTo(2 / 3, 10);
    expect(st.desiredRetention).toBe(0.9);
  });

  it('refuses what is not a review: bad grade, bad client id, unknown card, no subscription', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const [a] = await cardsOf('EMT', 1);
    expect((await answer(u.cookie, a!.key, 'maybe')).status).toBe(400);
    expect((await answer(u.cookie, a!.key, 'good', 'not-a-uuid')).status).toBe(400);
    expect((await answer(u.cookie, 'no-such-card', 'good')).status).toBe(404);
    const lapsed = await signedInUser(s, { courseLevel: 'EMT' });
    expect((await s.request('/api/review/queue', { cookie: lapsed.cookie })).status).toBe(403);
  });
});
