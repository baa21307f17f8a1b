import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponResponse } from '../../src/shared/contracts/admin-codes';
import { cardStateResponse } from '../../src/shared/contracts/flashcards';
import { eventBatchResponse, eventsResponse } from '../../src/shared/contracts/tracking';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// LEGACY-WIRE (decision 085): for one release the server takes the snake_case bodies older clients queued, with the same
// result as the camelCase ones. Delete this file with src/shared/legacy-wire.ts.
describe.each(testDatabases())('the old snake_case request bodies on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  const db = () => s.deps.database.db;
  const json = async (res: Response, status = 200) => {
    expect(res.status, await res.clone().text()).toBe(status);
    return res.json();
  };

  it('a card state (with the review it schedules) queued in the old keys is saved and scheduled as the new one is', async () => {
    const [card] = (await db().execute<{ id: number }>(sql`select id from flashcards where course_level = 'Paramedic' order by id limit 1`))
      .rows;
    const reviewedAt = new Date(Date.now() - 3_600_000).toISOString();
    const outcome = async (body: unknown) => {
      const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
      const put = (b: unknown) => s.request(`/api/flashcards/${card!.id}/state`, { method: 'PUT', cookie: u.cookie, json: b });
      const saved = cardStateResponse.parse(await json(await put(body)));
      const replay = cardStateResponse.parse(await json(await put(body))); // a retried write counts once
      const logs = await db().execute<{ client_id: string; reviewed_at: string | Date; grade: number }>(
        sql`select client_id, reviewed_at, grade from srs_review_logs where user_id = ${u.id}`,
      );
      const marks = await db().execute(
        sql`select exists (select 1 from item_marks m join flashcards f on f.key = m.key
              where m.user_id = ${u.id} and m.kind = 'flashcard' and m.mark = 'flag' and f.id = ${card!.id}) as is_flagged,
            is_correct, is_wrong
          from user_flashcard_interactions where user_id = ${u.id} and flashcard_id = ${card!.id}`,
      );
      return {
        saved,
        replay,
        logs: logs.rows.map((l) => ({ clientId: l.client_id, reviewedAt: new Date(l.reviewed_at).toISOString(), grade: l.grade })),
        marks: marks.rows,
      };
    };
    const clientIds = [randomUUID(), randomUUID()];
    const legacy = await outcome({
      is_flagged: true,
      is_correct: false,
      is_wrong: true,
      review: { client_id: clientIds[0], reviewed_at: reviewedAt },
    });
    const current = await outcome({ isFlagged: true, isCorrect: false, isWrong: true, review: { clientId: clientIds[1], reviewedAt } });
    expect(legacy.saved).toEqual({ id: card!.id, courseLevel: 'Paramedic', isFlagged: true, isCorrect: false, isWrong: true });
    expect(legacy.logs).toEqual([expect.objectContaining({ clientId: clientIds[0], reviewedAt })]);
    expect(current.logs).toEqual([expect.objectContaining({ clientId: clientIds[1], reviewedAt })]);
    expect({ ...legacy, logs: legacy.logs.map((l) => ({ ...l, clientId: 'x' })) }).toEqual({
      ...current,
      logs: current.logs.map((l) => ({ ...l, clientId: 'x' })),
    });
  });

  it('a card state mixing the two shapes, or with an unknown key, is refused', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const [card] = (await db().execute<{ id: number }>(sql`select id from flashcards where course_level = 'Paramedic' order by id limit 1`))
      .rows;
    const put = (b: unknown) => s.request(`/api/flashcards/${card!.id}/state`, { method: 'PUT', cookie: u.cookie, json: b });
    expect((await put({ isFlagged: true, is_flagged: false, isCorrect: false, isWrong: false })).status).toBe(400);
    expect((await put({ is_flagged: true, is_correct: true, is_wrong: true })).status).toBe(400);
    expect((await put({ is_flagged: true, is_correct: false, is_wrong: false, is_starred: true })).status).toBe(400);
  });

  it('a batch of usage events queued in the old keys is stored as the new one is, and reads back in camelCase', async () => {
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    const outcome = async (batch: (id: string) => unknown) => {
      const u = await signedInUser(s, { activeDays: 30 });
      const id = randomUUID();
      const post = () => s.request('/api/events', { method: 'POST', cookie: u.cookie, json: batch(id) });
      const first = eventBatchResponse.parse(await json(await post()));
      const again = eventBatchResponse.parse(await json(await post()));
      const read = eventsResponse.parse(
        await json(await s.request('/api/events?featureType=sorting&actionType=question_complete', { cookie: u.cookie })),
      );
      return { first, again, read };
    };
    const legacy = await outcome((id) => ({
      events: [
        {
          id,
          feature_type: 'sorting',
          feature_id: '3',
          action_type: 'question_complete',
          duration_seconds: 40,
          score: 3,
          total_items: 4,
          completion_percentage: 75,
          created_at: createdAt,
        },
      ],
    }));
    const current = await outcome((id) => ({
      events: [
        {
          id,
          featureType: 'sorting',
          featureId: '3',
          actionType: 'question_complete',
          durationSeconds: 40,
          score: 3,
          totalItems: 4,
          completionPercentage: 75,
          createdAt,
        },
      ],
    }));
    expect(legacy).toEqual(current);
    expect(legacy.first).toEqual({ received: 1, stored: 1 });
    expect(legacy.again).toEqual({ received: 1, stored: 0 });
    expect(legacy.read.events).toEqual([{ featureId: '3', completionPercentage: 75, score: 3, totalItems: 4, createdAt }]);
  });

  it('the old keys are still checked: an event whose old created_at is out of range is refused under its new name', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const res = await s.request('/api/events', {
      method: 'POST',
      cookie: u.cookie,
      json: { events: [{ id: randomUUID(), feature_type: 'home', action_type: 'heartbeat', created_at: '0001-01-01T00:00:00Z' }] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'events.0.createdAt' })]));
  });

  it('a coupon code created, edited and switched off with the old keys ends as one made with the new keys', async () => {
    const admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
    const as = (method: string, path: string, body: unknown) => s.request(path, { method, cookie: admin.cookie, json: body });
    const lifecycle = async (code: string, legacy: boolean) => {
      const form = legacy
        ? { name: 'Spring', code, duration: 2, duration_type: 'months', is_active: true, usage_limit: 30 }
        : { name: 'Spring', code, duration: 2, durationType: 'months', isActive: true, usageLimit: 30 };
      const made = couponResponse.parse(await json(await as('POST', '/api/admin/codes', form), 201)).code;
      const edit = legacy ? { ...form, usage_limit: 40 } : { ...form, usageLimit: 40 };
      const edited = couponResponse.parse(await json(await as('PUT', `/api/admin/codes/${made.id}`, edit))).code;
      const off = couponResponse.parse(
        await json(await as('PATCH', `/api/admin/codes/${made.id}/active`, legacy ? { is_active: false } : { isActive: false })),
      ).code;
      const strip = ({ id: _id, code: _code, createdAt: _createdAt, ...rest }: typeof made) => rest;
      return { made: strip(made), edited: strip(edited), off: strip(off) };
    };
    const legacy = await lifecycle(`OLD${Date.now().toString(36)}`, true);
    const current = await lifecycle(`NEW${Date.now().toString(36)}`, false);
    expect(legacy).toEqual(current);
    expect(legacy.off).toEqual({ name: 'Spring', duration: 2, durationType: 'months', isActive: false, usageLimit: 40, timesUsed: 0 });
  });
});
