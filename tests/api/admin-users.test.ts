import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  couponCodes,
  couponRedemptions,
  sessions,
  userBadges,
  userFlashcardInteractions,
  itemMarks,
  userInteractions,
  users,
  flashcards,
  badges,
} from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('admin users API on %s', (kind) => {
  let s: TestServer;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.reset();
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });

  it('refuses anonymous, student and unsubscribed callers on every admin route', async () => {
    const student = await signedInUser(s, { activeDays: 30 });
    const lapsed = await signedInUser(s);
    const routes: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users'],
      ['GET', `/api/admin/users/${student.id}/analytics`],
      ['PATCH', `/api/admin/users/${student.id}/role`],
      ['PATCH', `/api/admin/users/${student.id}/course-level`],
      ['POST', `/api/admin/users/${student.id}/access`],
      ['POST', `/api/admin/users/${student.id}/reset-password`],
      ['DELETE', `/api/admin/users/${student.id}`],
    ];
    for (const [method, path] of routes) {
      expect(
        (await s.request(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
        `${method} ${path}`,
      ).toBe(401);
      for (const u of [student, lapsed])
        expect(
          (
            await s.request(path, {
              method,
              cookie: u.cookie,
              json: method === 'GET' || method === 'DELETE' ? undefined : { role: 'admin' },
            })
          ).status,
          `${method} ${path}`,
        ).toBe(403);
    }
    expect((await s.request(`/api/admin/users/${student.id}`, { method: 'DELETE', cookie: student.cookie })).status).toBe(403);
  });

  it('creates a verified user who can log in, and refuses a duplicate or a short password', async () => {
    const body = {
      firstName: 'Jamie',
      lastName: 'Okafor',
      email: 'Jamie@Example.com',
      password: 'secret',
      role: 'user',
      courseLevel: 'EMT',
    };
    const res = await s.request('/api/admin/users', { method: 'POST', cookie: admin.cookie, json: body });
    expect(res.status).toBe(201);
    const [row] = await s.deps.database.db.select().from(users).where(eq(users.email, 'jamie@example.com'));
    expect(row).toMatchObject({ emailVerified: true, firstName: 'Jamie', lastName: 'Okafor', courseLevel: 'EMT', role: 'user' });
    expect(
      (await s.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'jamie@example.com', password: 'secret' } })).status,
    ).toBe(200);
    const dup = await s.request('/api/admin/users', { method: 'POST', cookie: admin.cookie, json: body });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe('A user with this email already exists.');
    const short = await s.request('/api/admin/users', {
      method: 'POST',
      cookie: admin.cookie,
      json: { ...body, email: 'x@example.com', password: '12345' },
    });
    expect((await short.json()).error.message).toBe('Password must be at least 6 characters');
  });

  it('searches e-mail, first and last name case-insensitively, filters by role, newest first', async () => {
    await s.deps.database.db.update(users).set({ firstName: 'Ada', lastName: 'Admin' }).where(eq(users.id, admin.id));
    const a = await signedInUser(s, { activeDays: 1 });
    await s.deps.database.db
      .update(users)
      .set({ firstName: 'Priya', lastName: 'McAllister', createdAt: new Date(Date.now() + 1000) })
      .where(eq(users.id, a.id));
    const list = async (q: string) =>
      (await (await s.request(`/api/admin/users?${q}`, { cookie: admin.cookie })).json()) as { users: { id: string }[]; total: number };
    expect((await list('q=mcall')).users.map((u) => u.id)).toEqual([a.id]);
    expect((await list('q=PRIYA')).users.map((u) => u.id)).toEqual([a.id]);
    expect((await list(`q=${encodeURIComponent(a.email.slice(0, 8).toUpperCase())}`)).users.map((u) => u.id)).toContain(a.id);
    expect((await list('q=100%25')).total).toBe(0);
    expect((await list('role=admin')).users.map((u) => u.id)).toEqual([admin.id]);
    expect((await list('role=all')).users[0]!.id).toBe(a.id);
    expect((await s.request('/api/admin/users?role=owner', { cookie: admin.cookie })).status).toBe(400);
  });

  it('computes analytics that equal hand-computed figures', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const at = (m: number) => new Date(Date.UTC(2026, 4, 1, 10, m));
    const ev = (featureType: string, actionType: string, durationSeconds: number | null, m: number) => ({
      id: randomUUID(),
      userId: u.id,
      featureType,
      actionType,
      durationSeconds,
      createdAt: at(m),
    });
    await s.deps.database.db
      .insert(userInteractions)
      .values([
        ev('home', 'session_start', null, 0),
        ev('home', 'heartbeat', 300, 5),
        ev('home', 'session_end', 90, 7),
        ev('scenario', 'session_start', null, 10),
        ev('scenario', 'scenario_complete', null, 20),
        ev('scenario', 'session_end', 629, 21),
      ]);
    const res = await (await s.request(`/api/admin/users/${u.id}/analytics`, { cookie: admin.cookie })).json();
    expect(res.totalSessions).toBe(2);
    expect(res.totalMinutes).toBe(17); // (300 + 90 + 629) / 60 = 16.98
    expect(res.lastActivity).toBe(at(21).toISOString());
    expect(res.byFeature.find((f: { feature: string }) => f.feature === 'scenario')).toEqual({
      feature: 'scenario',
      events: 3,
      minutes: 10,
    });
    const empty = await (await s.request(`/api/admin/users/${admin.id}/analytics`, { cookie: admin.cookie })).json();
    expect(empty).toMatchObject({ totalSessions: 0, totalMinutes: 0, lastActivity: null });
  });

  it('promotes and demotes, but never removes the last administrator or the acting one', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const promote = await s.request(`/api/admin/users/${u.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'admin' } });
    expect((await promote.json()).user.role).toBe('admin');
    const self = await s.request(`/api/admin/users/${admin.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'user' } });
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe('You cannot remove your own administrator role.');
    expect((await s.request(`/api/admin/users/${admin.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(409);
    const demote = await s.request(`/api/admin/users/${u.id}/role`, { method: 'PATCH', cookie: admin.cookie, json: { role: 'user' } });
    expect((await demote.json()).user.role).toBe('user');
    // u is a student again and cannot act as an administrator
    expect((await s.request('/api/admin/users', { cookie: u.cookie })).status).toBe(403);
    const n = ((await s.deps.database.db.execute(sql`select count(*)::int as n from users where role = 'admin'`)).rows[0] as { n: number })
      .n;
    expect(n).toBe(1);
  });

  it("changes a user's course level and grants access days from the user card, each audited (docs/product.md §10.1)", async () => {
    const u = await signedInUser(s);
    const db = s.deps.database.db;
    // a Paramedic student without access: the EMT deck and every subscriber route are closed to them
    expect((await s.request('/api/flashcards/summary?deck=emt', { cookie: u.cookie })).status).toBe(403);

    const level = await s.request(`/api/admin/users/${u.id}/course-level`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { courseLevel: 'EMT' },
    });
    expect(level.status).toBe(200);
    expect((await level.json()).user).toMatchObject({ id: u.id, courseLevel: 'EMT' });
    const bad = await s.request(`/api/admin/users/${u.id}/course-level`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { courseLevel: 'AEMT' },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.issues[0].path).toBe('courseLevel');

    const before = Date.now();
    const grant = await s.request(`/api/admin/users/${u.id}/access`, { method: 'POST', cookie: admin.cookie, json: { days: 30 } });
    expect(grant.status).toBe(200);
    const granted = (await grant.json()).user;
    expect(granted.subscriptionStatus).toBe('active');
    const until = new Date(granted.expirationDate).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    // a second grant adds to the access still ahead, not to today
    const again = await (
      await s.request(`/api/admin/users/${u.id}/access`, { method: 'POST', cookie: admin.cookie, json: { days: 5 } })
    ).json();
    expect(new Date(again.user.expirationDate).getTime()).toBe(until + 5 * 86_400_000);
    for (const days of [0, -1, 1.5, 3651, '7'])
      expect(
        (await s.request(`/api/admin/users/${u.id}/access`, { method: 'POST', cookie: admin.cookie, json: { days } })).status,
        `days ${days}`,
      ).toBe(400);
    expect(
      (await s.request('/api/admin/users/nobody-here/access', { method: 'POST', cookie: admin.cookie, json: { days: 3 } })).status,
    ).toBe(404);

    // the student now studies the EMT deck
    expect((await s.request('/api/flashcards/summary?deck=emt', { cookie: u.cookie })).status).toBe(200);
    expect((await s.request('/api/flashcards/summary?deck=paramedic', { cookie: u.cookie })).status).toBe(403);

    const trail = await db.select().from(auditLog).where(eq(auditLog.targetId, u.id)).orderBy(auditLog.id);
    expect(trail.map((r) => r.action)).toEqual(['user.course_level', 'user.access_granted', 'user.access_granted']);
    expect(trail[0]).toMatchObject({ actorId: admin.id, before: { courseLevel: 'Paramedic' }, after: { courseLevel: 'EMT' } });
    expect(trail[1]!.before).toMatchObject({ subscriptionStatus: 'inactive', expirationDate: null });
    expect(trail[1]!.after).toMatchObject({ days: 30, subscriptionStatus: 'active', expirationDate: new Date(until).toISOString() });
  });

  it('records the device of a user made by an administrator at their first sign-in (docs/product.md §3, device type)', async () => {
    const made = await s.request('/api/admin/users', {
      method: 'POST',
      cookie: admin.cookie,
      json: { firstName: 'Noor', lastName: 'Haddad', email: 'noor@example.com', password: 'secret-pass' },
    });
    expect(made.status).toBe(201);
    const created = (await made.json()).user;
    expect(created).toMatchObject({ deviceType: null, lastLogin: null });
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
    const signIn = (ua: string) =>
      s.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'user-agent': ua },
        json: { email: 'noor@example.com', password: 'secret-pass' },
      });
    expect((await signIn(iPhone)).status).toBe(200);
    const device = async () =>
      (await (await s.request('/api/admin/users?q=noor', { cookie: admin.cookie })).json()).users[0].deviceType as string | null;
    expect(await device()).toBe('mobile-ios');
    // the first device is kept, as for a student who signed up on it
    expect((await signIn('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).status).toBe(200);
    expect(await device()).toBe('mobile-ios');
  });

  it('deletes a user and leaves no row of theirs behind', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const db = s.deps.database.db;
    const [card] = await db.select().from(flashcards).limit(1);
    const [badge] = await db.select().from(badges).limit(1);
    const [coupon] = await db.insert(couponCodes).values({ name: 'T', code: 'DEL1', duration: 1, durationType: 'days' }).returning();
    await db.insert(userFlashcardInteractions).values({ userId: u.id, flashcardId: card!.id, isCorrect: true });
    await db.insert(itemMarks).values({ userId: u.id, kind: 'flashcard', key: card!.key, mark: 'flag' });
    await db.insert(userBadges).values({ userId: u.id, badgeId: badge!.id });
    await db.insert(couponRedemptions).values({ userId: u.id, couponId: coupon!.id });
    await db.insert(userInteractions).values({ id: randomUUID(), userId: u.id, featureType: 'home', actionType: 'session_start' });
    const res = await s.request(`/api/admin/users/${u.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(res.status).toBe(204);
    for (const table of [users, sessions, accounts]) {
      const col = table === users ? users.id : (table as typeof sessions).userId;
      expect(await db.select().from(table).where(eq(col, u.id))).toHaveLength(0);
    }
    for (const table of [userFlashcardInteractions, itemMarks, userBadges, couponRedemptions, userInteractions])
      expect(await db.select().from(table).where(eq(table.userId, u.id))).toHaveLength(0);
    expect((await s.request('/api/account/me', { cookie: u.cookie })).status).toBe(401);
  });

  it('sends a password reset e-mail to the user', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    expect((await s.request(`/api/admin/users/${u.id}/reset-password`, { method: 'POST', cookie: admin.cookie, json: {} })).status).toBe(
      200,
    );
    expect((await s.outbox()).find((m) => m.to === u.email)?.subject).toBe('Reset your MedicPrep password');
  });

  // The same search over 10,000 users is timed by `npm run bench`.
  it('pages a search with a role filter: 25 a page, newest first, the total counts every match', async () => {
    const db = s.deps.database.db;
    const rows = Array.from({ length: 150 }, (_, i) => ({
      id: `bulk-${String(i).padStart(3, '0')}`,
      name: `Student ${i}`,
      email: `student${i}@bulk.example.com`,
      firstName: ['Avery', 'Jordan', 'Riley', 'Casey', 'Morgan'][i % 5]!,
      lastName: `Surname${i}`,
      role: i % 50 === 0 ? 'admin' : 'user',
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    }));
    await db.insert(users).values(rows);
    const list = async (q: string) => {
      const res = await s.request(`/api/admin/users?${q}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as { total: number; page: number; pageSize: number; users: { id: string; role: string }[] };
    };
    const search = await list('q=surname142');
    expect(search.total).toBe(1);
    expect(search.users.map((u) => u.id)).toEqual(['bulk-142']);
    const admins = await list('role=admin');
    expect(admins.total).toBe(4); // bulk-000, -050, -100 and the signed-in administrator
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    // 30 Rileys (i % 5 === 2), none of them an administrator: a full page, then the last 5
    const rileys = Array.from({ length: 150 }, (_, i) => i)
      .filter((i) => i % 5 === 2)
      .reverse()
      .map((i) => `bulk-${String(i).padStart(3, '0')}`);
    const first = await list('q=riley&role=user');
    const second = await list('q=riley&role=user&page=1');
    expect(first).toMatchObject({ total: 30, page: 0, pageSize: 25 });
    expect(first.users.map((u) => u.id)).toEqual(rileys.slice(0, 25));
    expect(second.users.map((u) => u.id)).toEqual(rileys.slice(25));
    expect((await list('q=riley&role=user&page=2')).users).toEqual([]);
    await db.execute(sql`delete from users where id like 'bulk-%'`);
  });
});
