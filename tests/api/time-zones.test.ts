import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/**
 * A student's time zone is used by the database (the review queue's day boundaries), whose zone data is not Node's: a zone
 * is stored only when the database knows it (an alias Node resolves is stored by its canonical name), and a zone stored
 * before that rule, which the database does not know, reads as UTC instead of failing the request.
 */
describe.each(testDatabases())('time zones on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const db = () => s.deps.database.db;
  const home = (cookie: string, timeZone: string) => s.request('/api/home', { method: 'POST', cookie, json: { timeZone } });
  const storedZone = async (id: string) =>
    (
      await db().execute<{ time_zone: string | null; known: boolean }>(
        sql`select time_zone, exists (select 1 from pg_timezone_names where name = time_zone) as known from users where id = ${id}`,
      )
    ).rows[0]!;

  it('an alias Node knows and the database does not (US/Pacific-New) is stored as its canonical zone; the queue answers', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const res = await home(u.cookie, 'US/Pacific-New');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await storedZone(u.id)).toEqual({ time_zone: 'America/Los_Angeles', known: true });
    const queue = await s.request('/api/review/queue', { cookie: u.cookie });
    expect(queue.status, await queue.clone().text()).toBe(200);
  });

  it('a zone the database knows is stored as sent', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    for (const zone of ['Europe/Berlin', 'UTC', 'Asia/Kolkata']) {
      expect((await home(u.cookie, zone)).status).toBe(200);
      expect((await storedZone(u.id)).time_zone).toBe(zone);
    }
  });

  it('a zone Node accepts but the database does not know under any name is refused on the field timeZone', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    expect((await home(u.cookie, 'Europe/Berlin')).status).toBe(200);
    for (const zone of ['SystemV/AST4', 'Mars/Olympus_Mons']) {
      const res = await home(u.cookie, zone);
      expect(res.status, zone).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.issues).toEqual([{ path: 'timeZone', message: 'Unknown time zone' }]);
    }
    expect((await storedZone(u.id)).time_zone).toBe('Europe/Berlin');
  });

  it('an account whose stored zone the database does not know still gets its review queue and home screen (UTC)', async () => {
    for (const zone of ['US/Pacific-New', 'SystemV/AST4', 'Not/A_Zone']) {
      const u = await signedInUser(s, { activeDays: 30 });
      await db().execute(sql`update users set time_zone = ${zone} where id = ${u.id}`);
      const queue = await s.request('/api/review/queue', { cookie: u.cookie });
      expect(queue.status, `${zone}: ${await queue.clone().text()}`).toBe(200);
      const res = await home(u.cookie, 'Europe/Berlin');
      expect(res.status, `${zone}: ${await res.clone().text()}`).toBe(200);
    }
  });
});
