import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/**
 * Reviews of one card at once (two devices, a replayed offline queue) are applied one after another on the card's row:
 * each succeeds and each counts, none is refused because another changed the card first.
 */
describe.each(testDatabases())('concurrent reviews of one card on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const firstCard = async (level: string) =>
    (await db().execute<{ key: string }>(sql`select key from flashcards where course_level = ${level} order by id limit 1`)).rows[0]!.key;

  it('20 answers with distinct client ids all succeed, each logged once, the card counting 20 repetitions', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const key = await firstCard('Paramedic');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        s.request('/api/review/answers', {
          method: 'POST',
          cookie: u.cookie,
          json: { kind: 'flashcard', key, grade: i % 3 === 0 ? 'again' : 'good', clientId: randomUUID() },
        }),
      ),
    );
    const statuses = await Promise.all(answers.map(async (r) => (r.status === 200 ? 200 : `${r.status} ${await r.text()}`)));
    expect(statuses).toEqual(Array(20).fill(200));
    const { rows: logs } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from srs_review_logs where user_id = ${u.id} and item_key = ${key}`,
    );
    expect(logs[0]!.n).toBe(20);
    const { rows: cards } = await db().execute<{ reps: number }>(
      sql`select reps from srs_cards where user_id = ${u.id} and item_kind = 'flashcard' and item_key = ${key}`,
    );
    expect(cards).toEqual([{ reps: 20 }]);
  });

  it('the same answer sent 10 times at once is applied once', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const key = await firstCard('Paramedic');
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.request('/api/review/answers', { method: 'POST', cookie: u.cookie, json: { kind: 'flashcard', key, grade: 'good', clientId } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { duplicate: boolean }[];
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1);
    const { rows } = await db().execute<{ n: number; reps: number }>(
      sql`select (select count(*)::int from srs_review_logs where user_id = ${u.id}) as n,
                 (select reps from srs_cards where user_id = ${u.id} and item_key = ${key}) as reps`,
    );
    expect(rows[0]).toEqual({ n: 1, reps: 1 });
  });
});
