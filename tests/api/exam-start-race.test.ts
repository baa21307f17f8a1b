import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView } from '../../src/shared/contracts/exam';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/**
 * One open exam per student (the partial unique index exams_one_open_per_user_idx): starts sent at once — a double tap,
 * two tabs, a retried request — all get the one exam that won the race, never a 500 and never a second open exam.
 */
describe.each(testDatabases())('starting an exam concurrently on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind, { EXAM_TEST_LIMITS: '3,5,1,10' });
  });
  afterAll(async () => s?.close());

  it('8 starts at once: all 200 with the same exam, one open exam in the database, holding its first item', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => s.request('/api/exam', { method: 'POST', cookie: u.cookie, json: { level: 'EMT' } })),
    );
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.text() })));
    for (const b of bodies) expect(b.status, b.body).toBe(200);
    const exams = bodies.map((b) => examView.parse(JSON.parse(b.body)));
    expect(new Set(exams.map((e) => e.id)).size).toBe(1);
    expect(exams.every((e) => e.status === 'in_progress' && e.position === 1)).toBe(true);
    const { rows } = await s.deps.database.db.execute<{ id: string; items: number }>(
      sql`select e.id, (select count(*)::int from exam_items i where i.exam_id = e.id) as items
          from exams e where e.user_id = ${u.id} and e.ended_at is null`,
    );
    expect(rows).toEqual([{ id: exams[0]!.id, items: 1 }]);
  });
});
