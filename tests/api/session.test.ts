import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBanned } from '../../src/server/auth/session';
import { sessionDueForRefresh } from '../../src/shared/session';
import { sessions, users } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** The session every request reads in one query: its answers must match Better Auth's own rules. */
describe.each(testDatabases())('session lookup on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const sessionCall = async (cookie?: string) => (await s.request('/api/account/session', { cookie })).json();

  it('answers the signed-in user, the session’s end and the verify answer in one call', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const body = await sessionCall(u.cookie);
    expect(body.user).toMatchObject({ id: u.id, email: u.email, emailVerified: true, firstName: 'Test', role: 'user' });
    expect(new Date(body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.subscription).toMatchObject({ hasAccess: true, subscriptionStatus: 'active', securityAlert: false });
    // The same answer as the verify route gives.
    const verify = await (await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie, json: {} })).json();
    expect(body.subscription).toEqual(verify);

    const lapsed = await signedInUser(s, {});
    expect((await sessionCall(lapsed.cookie)).subscription).toMatchObject({ hasAccess: false, subscriptionStatus: 'inactive' });
  });

  it('sees a subscription or course-level change on the very next request', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    expect((await s.request('/api/flashcards/page?deck=paramedic', { cookie: u.cookie })).status).toBe(200);
    await s.deps.database.db.update(users).set({ courseLevel: 'EMT' }).where(eq(users.id, u.id));
    expect((await s.request('/api/flashcards/page?deck=paramedic', { cookie: u.cookie })).status).toBe(403);
    await s.deps.database.db
      .update(users)
      .set({ expirationDate: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    const res = await s.request('/api/flashcards/page?deck=mine', { cookie: u.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('extends a session through Better Auth once a day has passed, as the app asks when it opens', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const token = (() => {
      const v = decodeURIComponent(u.cookie.split(';')[0]!.split('=')[1]!);
      return v.slice(0, v.lastIndexOf('.'));
    })();
    const fiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    await s.deps.database.db.update(sessions).set({ expiresAt: fiveDays }).where(eq(sessions.token, token));
    const before = await sessionCall(u.cookie);
    expect(sessionDueForRefresh(before.session.expiresAt)).toBe(true);
    // Reading our session route changes nothing…
    expect(new Date(before.session.expiresAt).getTime()).toBe(fiveDays.getTime());
    // …Better Auth's moves the end a week ahead and re-issues the cookie.
    const res = await s.request('/api/auth/get-session', { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('session_token') && /Max-Age=604800/i.test(c))).toBe(true);
    const after = await sessionCall(u.cookie);
    expect(new Date(after.session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    expect(sessionDueForRefresh(after.session.expiresAt)).toBe(false);
  });

  it('refuses a forged, tampered, expired or signed-out session cookie', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const [name, value] = u.cookie.split(';')[0]!.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf('.'));
    const forged = [
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`,
      `${name}=${encodeURIComponent(`${token}x.${decoded.slice(decoded.lastIndexOf('.') + 1)}`)}`,
      `${name}=%E0%A4%A`,
    ];
    for (const cookie of forged) {
      expect((await s.request('/api/account/me', { cookie })).status, cookie).toBe(401);
      expect((await sessionCall(cookie)).user).toBeNull();
    }

    await s.deps.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.token, token));
    expect((await s.request('/api/account/me', { cookie: u.cookie })).status).toBe(401);

    const v = await signedInUser(s, { activeDays: 30 });
    expect((await s.request('/api/auth/sign-out', { method: 'POST', cookie: v.cookie, json: {} })).status).toBe(200);
    expect((await s.request('/api/account/me', { cookie: v.cookie })).status).toBe(401);
  });

  it('refuses a banned user on the very next request, though the ban left the session in place', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    expect((await s.request('/api/account/me', { cookie: u.cookie })).status).toBe(200);
    // as the admin plugin's ban-user writes it, but without the session deletion that route adds
    await s.deps.database.db.update(users).set({ banned: true, banReason: 'test', banExpires: null }).where(eq(users.id, u.id));
    expect(await s.deps.database.db.select().from(sessions).where(eq(sessions.userId, u.id))).toHaveLength(1);

    for (const [path, init] of [
      ['/api/account/me', {}],
      ['/api/flashcards/page?deck=mine', {}],
      ['/api/profile', {}],
      ['/api/subscription/sync', { method: 'POST', json: {} }],
    ] as const) {
      const res = await s.request(path, { ...init, cookie: u.cookie });
      expect(res.status, path).toBe(401);
      expect((await res.json()).error, path).toMatchObject({ code: 'UNAUTHENTICATED', message: 'This session is no longer valid.' });
    }
    // The app's two session answers tell it to sign out with the spec's security alert (section 4).
    expect((await sessionCall(u.cookie)).subscription).toMatchObject({ securityAlert: true, hasAccess: false });
    const verify = await s.request('/api/subscription/verify', { method: 'POST', cookie: u.cookie, json: {} });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ securityAlert: true, hasAccess: false });
    // Signing in again is refused by the admin plugin.
    const again = await s.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'secret-pass' } });
    expect(again.status).toBe(403);
    expect((await again.json()).error.code).toBe('BANNED_USER');
  });

  it('lets a user whose ban has ended back in', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    await s.deps.database.db
      .update(users)
      .set({ banned: true, banExpires: new Date(Date.now() + 60_000) })
      .where(eq(users.id, u.id));
    expect((await s.request('/api/account/me', { cookie: u.cookie })).status).toBe(401);
    await s.deps.database.db
      .update(users)
      .set({ banExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.id));
    expect((await s.request('/api/account/me', { cookie: u.cookie })).status).toBe(200);
    expect((await sessionCall(u.cookie)).subscription).toMatchObject({ securityAlert: false, hasAccess: true });
  });
});

describe('isBanned', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it('holds a ban with no end or an end still ahead, not one that has passed', () => {
    expect(isBanned({ banned: true, banExpires: null }, now)).toBe(true);
    expect(isBanned({ banned: true, banExpires: new Date(now.getTime() + 1000) }, now)).toBe(true);
    expect(isBanned({ banned: true, banExpires: new Date(now.getTime() - 1000) }, now)).toBe(false);
    expect(isBanned({ banned: false, banExpires: null }, now)).toBe(false);
    expect(isBanned({ banned: null, banExpires: null }, now)).toBe(false);
  });
});
