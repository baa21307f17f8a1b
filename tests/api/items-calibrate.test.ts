import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calibrateItems, calibrationSummary } from '../../src/server/features/exam/calibrate';
import { pCorrect } from '../../src/shared/exam';
import { seededRandom } from '../../src/shared/seeded-random';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// items:calibrate on a real database: practice attempts of simulated students with known difficulties go in,
// estimates with their sample sizes come out.
describe.each(testDatabases())('items:calibrate on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  it('re-estimates difficulties from stored responses and stores them with the sample size', async () => {
    const db = s.deps.database.db;
    const items = (
      await db.execute<{ key: string; difficulty: number }>(
        sql`select key, difficulty from question_items where level = 'EMT' and not retired order by key limit 20`,
      )
    ).rows;
    expect(items.length).toBe(20);
    const random = seededRandom(9);
    const trueB = new Map(items.map((i) => [i.key, -2 + 4 * random()]));
    const students = 250;
    const now = new Date();
    const users = Array.from({ length: students }, (_, n) => ({
      id: `calib-${n}-${randomUUID()}`,
      email: `calib-${n}-${randomUUID()}@example.com`,
    }));
    await db.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
      select x->>'id', 'Calib', x->>'email', true, now(), now() from jsonb_array_elements(${JSON.stringify(users)}::jsonb) x`);
    const sessions = await db.execute<{
      id: string;
      user_id: string;
    }>(sql`insert into question_sessions (user_id, level, mode, settings, items)
      select x->>'id', 'EMT', 'tutor', '{}'::jsonb, '[]'::jsonb from jsonb_array_elements(${JSON.stringify(users)}::jsonb) x returning id, user_id`);
    const attempts: { session_id: string; user_id: string; item_key: string; correct: boolean; client_id: string }[] = [];
    for (const session of sessions.rows) {
      const theta = (random() - 0.5) * 4;
      for (const item of items)
        attempts.push({
          session_id: session.id,
          user_id: session.user_id,
          item_key: item.key,
          correct: random() < pCorrect(theta, trueB.get(item.key)!),
          client_id: randomUUID(),
        });
    }
    await db.execute(sql`insert into question_attempts (session_id, user_id, item_key, answer, correct, time_ms, mode, client_id)
      select (x->>'session_id')::uuid, x->>'user_id', x->>'item_key', '{}'::jsonb, (x->>'correct')::boolean, 1000, 'tutor', x->>'client_id'
      from jsonb_array_elements(${JSON.stringify(attempts)}::jsonb) x`);

    const levels = await calibrateItems(s.deps);
    const emt = levels.find((l) => l.level === 'EMT')!;
    expect(emt.estimated).toBe(20);
    expect(emt.converged).toBe(true);
    const lines = calibrationSummary(levels);
    expect(lines.join('\n')).toMatch(/EMT: 5000 responses from \d+ students/);

    const stored = await db.execute<{ item_key: string; b: number; n: number; se: number }>(
      sql`select item_key, b, n, se from item_calibrations`,
    );
    expect(stored.rows).toHaveLength(20);
    for (const r of stored.rows) {
      expect(Number(r.n)).toBeGreaterThan(200);
      expect(Number(r.se)).toBeGreaterThan(0);
    }
    // the estimates follow the true difficulties (up to the scale's anchor)
    const est = stored.rows.map((r) => Number(r.b));
    const tru = stored.rows.map((r) => trueB.get(r.item_key)!);
    const m = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const cov = est.reduce((acc, e, i) => acc + (e - m(est)) * (tru[i]! - m(tru)), 0);
    const corr = cov / Math.sqrt(est.reduce((a, e) => a + (e - m(est)) ** 2, 0) * tru.reduce((a, t) => a + (t - m(tru)) ** 2, 0));
    expect(corr).toBeGreaterThan(0.95);

    // a second run replaces the estimates rather than adding rows
    await calibrateItems({ db, now: () => new Date(now.getTime() + 1000) });
    expect((await db.execute(sql`select count(*)::int as n from item_calibrations`)).rows[0]).toEqual({ n: 20 });
  });
});
