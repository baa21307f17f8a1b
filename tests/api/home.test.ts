import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userBadges, userInteractions, users } from '../../src/server/db/schema';
import type { QuestionSession } from '../../src/shared/contracts/questions';
import { homeResponse } from '../../src/shared/contracts/home';
import { anAnswer } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('home, streak, badges, profile and events on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const home = (cookie: string, timeZone = 'America/Chicago') => s.request('/api/home', { method: 'POST', cookie, json: { timeZone } });
  const setLogin = (id: string, lastLogin: Date, currentStreak: number) =>
    s.deps.database.db.update(users).set({ lastLogin, currentStreak }).where(eq(users.id, id));

  it('starts a first visit at 1, and is idempotent within the day', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const first = await (await home(u.cookie)).json();
    expect(first.streak).toMatchObject({
      days: 1,
      rank: 'Recruit',
      next: { name: 'Probationary Paramedic', daysTo: 2 },
      celebration: null,
    });
    expect(first.profile).toMatchObject({ firstName: 'Test', courseLevel: 'Paramedic', role: 'user' });
    expect(first.stats).toEqual({
      cardsStudied: 0,
      correct: 0,
      wrong: 0,
      flagged: 0,
      questionsAnswered: 0,
      questionsCorrect: 0,
      accuracy: 0,
    });
    expect(first.resources).toHaveLength(6);
    const again = await (await home(u.cookie)).json();
    expect(again.streak.days).toBe(1);
  });

  it('asks the course level only of a student who never chose one, on the first visit (decision 107)', async () => {
    const never = await signedInUser(s, { activeDays: 30 });
    expect((await (await home(never.cookie)).json()).askCourseLevel).toBe(true);
    expect((await (await home(never.cookie)).json()).askCourseLevel).toBe(false);
    // a level set when the account was created (the CLI's --course-level, the admin's form) is a choice
    for (const courseLevel of ['EMT', 'Paramedic', 'Both'] as const) {
      const chosen = await signedInUser(s, { activeDays: 30, courseLevel });
      const first = homeResponse.parse(await (await home(chosen.cookie)).json());
      expect(first.firstVisit).toBe(true);
      expect(first.askCourseLevel, courseLevel).toBe(false);
    }
    // answering with the level already recorded counts as choosing it
    const same = await signedInUser(s, { activeDays: 30 });
    const res = await s.request('/api/profile/course-level', { method: 'PATCH', cookie: same.cookie, json: { courseLevel: 'Paramedic' } });
    expect(res.status).toBe(200);
    expect((await (await home(same.cookie)).json()).askCourseLevel).toBe(false);
  });

  it("offers six carousel cards of the student's level: never a Paramedic course to an EMT student (decision 107)", async () => {
    const cardsOf = async (courseLevel: 'EMT' | 'Paramedic' | 'Both') =>
      homeResponse.parse(await (await home((await signedInUser(s, { activeDays: 30, courseLevel })).cookie)).json()).resources;
    const emt = await cardsOf('EMT');
    expect(emt).toHaveLength(6);
    expect(emt.map((r) => r.courseLevel).every((l) => l === 'EMT' || l === 'Both')).toBe(true);
    expect(emt.map((r) => r.title)).not.toContain('NREMT Paramedic Cognitive Review');
    expect(emt.map((r) => r.title)).not.toContain('Pharmacology for Paramedics');
    const paramedic = await cardsOf('Paramedic');
    expect(paramedic).toHaveLength(6);
    expect(paramedic.every((r) => r.courseLevel !== 'EMT')).toBe(true);
    const both = await cardsOf('Both');
    expect(both).toHaveLength(6);
    expect(new Set(both.map((r) => r.courseLevel))).toEqual(new Set(['Paramedic', 'EMT', 'Both']));
  });

  it('rises across 3 with a celebration and awards the badge once', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await setLogin(u.id, new Date(Date.now() - 86_400_000), 2);
    const res = await (await home(u.cookie, 'UTC')).json();
    expect(res.streak).toMatchObject({
      days: 3,
      rank: 'Probationary Paramedic',
      celebration: { threshold: 3, rank: 'Probationary Paramedic', next: { name: 'Paramedic', daysTo: 4 } },
    });
    expect(res.streak.newBadges).toHaveLength(1);
    const again = await (await home(u.cookie, 'UTC')).json();
    expect(again.streak).toMatchObject({ days: 3, celebration: null, newBadges: [] });
    expect(await s.deps.database.db.select().from(userBadges).where(eq(userBadges.userId, u.id))).toHaveLength(1);

    // a missed day resets the streak, but the badge stays
    await setLogin(u.id, new Date(Date.now() - 3 * 86_400_000), 3);
    expect((await (await home(u.cookie, 'UTC')).json()).streak.days).toBe(1);
    const badges = await (await s.request('/api/badges', { cookie: u.cookie })).json();
    expect(badges.earned).toBe(1);
    expect(badges.total).toBe(8);
    expect(badges.badges[0].earnedAt).not.toBeNull();
  });

  it('counts a new day once when several tabs open home at the same moment, and awards the badge once', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await setLogin(u.id, new Date(Date.now() - 86_400_000), 2);
    const visits = await Promise.all(Array.from({ length: 12 }, () => home(u.cookie, 'UTC').then((r) => r.json())));
    expect(visits.map((v) => v.streak.days)).toEqual(Array(12).fill(3));
    // one visit crossed the threshold and got the badge; the others saw the day already counted
    expect(visits.filter((v) => v.streak.celebration !== null)).toHaveLength(1);
    expect(visits.flatMap((v) => v.streak.newBadges)).toHaveLength(1);
    expect(await s.deps.database.db.select().from(userBadges).where(eq(userBadges.userId, u.id))).toHaveLength(1);
  });

  it('does not add days by hopping between time zones', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await home(u.cookie, 'UTC');
    await setLogin(u.id, new Date(Date.now() - 2 * 3600_000), 5);
    // a zone whose date differs from UTC's would look like "the next day": no increment
    const hop = await (await home(u.cookie, 'Pacific/Kiritimati')).json();
    expect(hop.streak.days).toBe(5);
    const back = await (await home(u.cookie, 'Pacific/Pago_Pago')).json();
    expect(back.streak.days).toBe(5);
  });

  it('refuses an unknown time zone and unsubscribed students', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const bad = await home(u.cookie, 'Mars/Olympus_Mons');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/time zone/i);
    const lapsed = await signedInUser(s);
    expect((await home(lapsed.cookie)).status).toBe(403);
    expect((await s.request('/api/badges', { cookie: lapsed.cookie })).status).toBe(403);
  });

  it('saves first and last name, and refuses empty ones', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const ok = await s.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { firstName: ' Alex ', lastName: 'Medina' } });
    expect((await ok.json()).profile).toMatchObject({ firstName: 'Alex', lastName: 'Medina' });
    const empty = await s.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { firstName: '', lastName: 'X' } });
    expect(empty.status).toBe(400);
    const emptyBody = await empty.json();
    expect(emptyBody.error.message).toBe('First name is required');
    expect(emptyBody.error.issues).toEqual([{ path: 'firstName', message: 'First name is required' }]);
    const sneaky = await s.request('/api/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      json: { firstName: 'A', lastName: 'B', role: 'admin' },
    });
    expect(sneaky.status).toBe(400);
  });

  it('counts question practice with the flashcards: cards studied, questions answered, accuracy over both', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const json = async <T>(res: Response, status = 200): Promise<T> => {
      const text = await res.text();
      expect(res.status, text).toBe(status);
      return JSON.parse(text) as T;
    };
    // two cards in the deck (one right, one wrong) and one on /review (right)
    const deck = await json<{ cards: { id: number }[] }>(await s.request('/api/flashcards/page?deck=paramedic', { cookie: u.cookie }));
    const [a, b] = deck.cards as [{ id: number }, { id: number }];
    for (const [card, correct] of [
      [a, true],
      [b, false],
    ] as const)
      await json(
        await s.request(`/api/flashcards/${card.id}/state`, {
          method: 'PUT',
          cookie: u.cookie,
          json: { isFlagged: false, isCorrect: correct, isWrong: !correct, review: { clientId: randomUUID() } },
        }),
      );
    const queue = await json<{ due: { key: string; kind: string }[]; new: { key: string; kind: string }[] }>(
      await s.request('/api/review/queue', { cookie: u.cookie }),
    );
    const onReview = queue.new.find((i) => i.kind === 'flashcard')!;
    await json(
      await s.request('/api/review/answers', {
        method: 'POST',
        cookie: u.cookie,
        json: { kind: 'flashcard', key: onReview.key, grade: 'good', clientId: randomUUID() },
      }),
    );
    // five tutor answers, and one in a timed quiz still running (its verdict is not told before the quiz ends)
    const start = (mode: 'tutor' | 'timed') =>
      s
        .request('/api/questions/sessions', {
          method: 'POST',
          cookie: u.cookie,
          json: { level: 'Paramedic', domains: [], topics: [], count: 10, filter: 'all', mode },
        })
        .then((r) => json<{ session: QuestionSession }>(r, 201));
    const tutor = (await start('tutor')).session;
    let right = 0;
    // a case's later item is sent with the answer to the one before it (decision 082): answered in its turn
    const toAnswer = [...tutor.items];
    for (let n = 0; n < 5; n++) {
      const item = toAnswer.shift()!;
      const r = await json<{ correct: boolean; next?: QuestionSession['items'][number] }>(
        await s.request(`/api/questions/sessions/${tutor.id}/answers`, {
          method: 'POST',
          cookie: u.cookie,
          json: { itemKey: item.key, answer: anAnswer(item), timeMs: 5000, clientId: randomUUID() },
        }),
      );
      if (r.correct) right++;
      if (r.next) toAnswer.unshift(r.next);
    }
    const timed = (await start('timed')).session;
    await json(
      await s.request(`/api/questions/sessions/${timed.id}/answers`, {
        method: 'POST',
        cookie: u.cookie,
        json: { itemKey: timed.items[0]!.key, answer: anAnswer(timed.items[0]!), timeMs: 5000, clientId: randomUUID() },
      }),
    );
    const body = homeResponse.parse(await json(await home(u.cookie)));
    expect(body.stats).toEqual({
      cardsStudied: 3,
      correct: 2,
      wrong: 1,
      flagged: 0,
      questionsAnswered: 5,
      questionsCorrect: right,
      // each card's last mark (the deck's and /review's: 2 of 3) and the five questions
      accuracy: Math.round(((2 + right) / (3 + 5)) * 100),
    });
  });

  describe('events', () => {
    const event = (extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      featureType: 'home',
      actionType: 'session_start',
      createdAt: new Date().toISOString(),
      ...extra,
    });
    const post = (cookie: string, events: unknown[]) => s.request('/api/events', { method: 'POST', cookie, json: { events } });

    it('stores a batch once even when it is sent twice', async () => {
      const u = await signedInUser(s, { activeDays: 30 });
      const batch = [
        event(),
        event({ actionType: 'heartbeat', durationSeconds: 300 }),
        event({
          featureType: 'scenario',
          featureId: 'Blunt',
          actionType: 'scenario_complete',
          score: 5,
          totalItems: 6,
          completionPercentage: 83.33,
        }),
      ];
      expect(await (await post(u.cookie, batch)).json()).toEqual({ received: 3, stored: 3 });
      expect(await (await post(u.cookie, [...batch, event()])).json()).toEqual({ received: 4, stored: 1 });
      const rows = await s.deps.database.db.select().from(userInteractions).where(eq(userInteractions.userId, u.id));
      expect(rows).toHaveLength(4);
      expect(rows.find((r) => r.actionType === 'scenario_complete')!.completionPercentage).toBe(83);
    });

    it('refuses unknown feature and action types with a clear message, storing nothing', async () => {
      const u = await signedInUser(s, { activeDays: 30 });
      const badFeature = await post(u.cookie, [event(), event({ featureType: 'poker' })]);
      expect(badFeature.status).toBe(400);
      expect((await badFeature.json()).error.message).toMatch(/featureType must be one of home, flashcard_paramedic/);
      const badAction = await post(u.cookie, [event({ actionType: 'dance' })]);
      expect((await badAction.json()).error.message).toMatch(/actionType must be one of/);
      expect((await post(u.cookie, [])).status).toBe(400);
      expect(await s.deps.database.db.select().from(userInteractions)).toHaveLength(0);
    });

    it('stores events for the caller only: another user id in the body is refused', async () => {
      const a = await signedInUser(s, { activeDays: 30 });
      const b = await signedInUser(s, { activeDays: 30 });
      const res = await post(a.cookie, [event({ user_id: b.id })]);
      expect(res.status).toBe(400);
      await post(a.cookie, [event()]);
      expect(await s.deps.database.db.select().from(userInteractions).where(eq(userInteractions.userId, b.id))).toHaveLength(0);
      expect((await s.request('/api/events', { method: 'POST', json: { events: [event()] } })).status).toBe(401);
    });
  });
});
