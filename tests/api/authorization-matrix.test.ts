import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadContent } from '../../src/server/content/load';
import { couponCodes, flashcards } from '../../src/server/db/schema';
import { createVerifiedUser } from '../../src/server/auth/create-user';
import { ORIGIN, signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Every API route × every kind of caller, with the status each cell must answer. A route added to the
 * app without a row here fails the first test, so no route ships without its authorization decided.
 */
type Caller = 'anonymous' | 'unverified' | 'lapsed' | 'student' | 'otherStudent' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'unverified', 'lapsed', 'student', 'otherStudent', 'admin'];

interface Ctx {
  cardId: number;
  newCoupon: () => Promise<string>;
  newUser: () => Promise<string>;
  studentId: string;
}
interface Row {
  request: (ctx: Ctx) => Promise<{ path: string; method: string; json?: unknown }>;
  expect: Record<Caller, number>;
}

const everyone = (status: number) => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
const signedIn = (status: number) => ({ anonymous: 401, unverified: 401, lapsed: status, student: status, otherStudent: status, admin: status });
const subscriber = (status: number) => ({ anonymous: 401, unverified: 401, lapsed: 403, student: status, otherStudent: status, admin: status });
const adminOnly = (status: number) => ({ anonymous: 401, unverified: 401, lapsed: 403, student: 403, otherStudent: 403, admin: status });
const get = (path: string) => async () => ({ path, method: 'GET' });
const send = (method: string, path: string, json: unknown = {}) => async () => ({ path, method, json });

const MATRIX: Record<string, Row> = {
  'GET /api/auth/*': { request: get('/api/auth/get-session'), expect: everyone(200) },
  'POST /api/auth/*': { request: send('POST', '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong-pass' }), expect: everyone(401) },
  'GET /api/health': { request: get('/api/health'), expect: everyone(200) },
  'GET /api/ping': { request: get('/api/ping'), expect: everyone(200) },
  'GET /api/account/me': { request: get('/api/account/me'), expect: signedIn(200) },
  'POST /api/account/profile': { request: send('POST', '/api/account/profile'), expect: signedIn(200) },
  'GET /api/account/session': { request: get('/api/account/session'), expect: everyone(200) },
  'GET /api/account/reset-token': { request: get('/api/account/reset-token?token=abc'), expect: everyone(200) },
  'POST /api/subscription/webhooks/stripe': { request: send('POST', '/api/subscription/webhooks/stripe'), expect: everyone(404) },
  'POST /api/subscription/verify': { request: send('POST', '/api/subscription/verify'), expect: signedIn(200) },
  'POST /api/subscription/sync': { request: send('POST', '/api/subscription/sync'), expect: signedIn(200) },
  'POST /api/subscription/payment-intent': { request: send('POST', '/api/subscription/payment-intent'), expect: signedIn(200) },
  'POST /api/subscription/sandbox/confirm': {
    request: send('POST', '/api/subscription/sandbox/confirm', { clientSecret: 'pi_x_secret_y', card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' } }),
    expect: signedIn(404),
  },
  'POST /api/subscription/cancel': { request: send('POST', '/api/subscription/cancel', { subscriptionId: 'sub_someone_else' }), expect: signedIn(404) },
  'GET /api/subscription/billing': { request: get('/api/subscription/billing'), expect: signedIn(200) },
  'POST /api/subscription/codes/redeem': { request: send('POST', '/api/subscription/codes/redeem', { code: 'NOPE' }), expect: signedIn(404) },
  'POST /api/home': { request: send('POST', '/api/home', { timeZone: 'UTC' }), expect: subscriber(200) },
  'GET /api/badges': { request: get('/api/badges'), expect: subscriber(200) },
  'GET /api/flashcards/summary': { request: get('/api/flashcards/summary?deck=mine'), expect: subscriber(200) },
  'GET /api/flashcards/page': { request: get('/api/flashcards/page?deck=mine'), expect: subscriber(200) },
  'PUT /api/flashcards/:id/state': {
    request: async (ctx) => ({ path: `/api/flashcards/${ctx.cardId}/state`, method: 'PUT', json: { is_flagged: true, is_correct: false, is_wrong: false } }),
    expect: subscriber(200),
  },
  'POST /api/flashcards/unflag-correct': { request: send('POST', '/api/flashcards/unflag-correct', { deck: 'mine' }), expect: subscriber(200) },
  'GET /api/scenarios': { request: get('/api/scenarios'), expect: subscriber(200) },
  'GET /scenarioanswers.json': { request: get('/scenarioanswers.json'), expect: subscriber(200) },
  'GET /api/videos': { request: get('/api/videos'), expect: subscriber(200) },
  'GET /api/sorting/questions': { request: get('/api/sorting/questions'), expect: subscriber(200) },
  'GET /api/drag-drop/scenarios': { request: get('/api/drag-drop/scenarios'), expect: subscriber(200) },
  'GET /api/profile': { request: get('/api/profile'), expect: signedIn(200) },
  'PATCH /api/profile': { request: send('PATCH', '/api/profile', { firstName: 'Sam', lastName: 'Lee' }), expect: signedIn(200) },
  'POST /api/events': {
    request: async () => ({
      path: '/api/events',
      method: 'POST',
      json: { events: [{ id: randomUUID(), feature_type: 'home', action_type: 'heartbeat', duration_seconds: 1, created_at: new Date().toISOString() }] },
    }),
    expect: subscriber(200),
  },
  'GET /api/events': { request: get('/api/events?feature_type=home&action_type=heartbeat'), expect: signedIn(200) },
  'GET /api/admin/codes': { request: get('/api/admin/codes'), expect: adminOnly(200) },
  'POST /api/admin/codes': {
    request: async () => ({ path: '/api/admin/codes', method: 'POST', json: { name: 'M', code: `M${randomUUID().slice(0, 8)}`, duration: 1, duration_type: 'days' } }),
    expect: adminOnly(201),
  },
  'PUT /api/admin/codes/:id': {
    request: async (ctx) => ({ path: `/api/admin/codes/${await ctx.newCoupon()}`, method: 'PUT', json: { name: 'E', code: `E${randomUUID().slice(0, 8)}`, duration: 2, duration_type: 'days' } }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/codes/:id/active': {
    request: async (ctx) => ({ path: `/api/admin/codes/${await ctx.newCoupon()}/active`, method: 'PATCH', json: { is_active: false } }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/codes/:id': { request: async (ctx) => ({ path: `/api/admin/codes/${await ctx.newCoupon()}`, method: 'DELETE' }), expect: adminOnly(204) },
  'GET /api/admin/users': { request: get('/api/admin/users'), expect: adminOnly(200) },
  'GET /api/admin/audit': { request: get('/api/admin/audit?action=user.role&q=a&page=0'), expect: adminOnly(200) },
  'POST /api/admin/users': {
    request: async () => ({ path: '/api/admin/users', method: 'POST', json: { firstName: 'N', lastName: 'U', email: `n-${randomUUID()}@example.com`, password: 'secret1' } }),
    expect: adminOnly(201),
  },
  'GET /api/admin/users/:id/analytics': { request: async (ctx) => ({ path: `/api/admin/users/${ctx.studentId}/analytics`, method: 'GET' }), expect: adminOnly(200) },
  'PATCH /api/admin/users/:id/role': { request: async (ctx) => ({ path: `/api/admin/users/${await ctx.newUser()}/role`, method: 'PATCH', json: { role: 'admin' } }), expect: adminOnly(200) },
  'POST /api/admin/users/:id/reset-password': { request: async (ctx) => ({ path: `/api/admin/users/${ctx.studentId}/reset-password`, method: 'POST', json: {} }), expect: adminOnly(200) },
  'DELETE /api/admin/users/:id': { request: async (ctx) => ({ path: `/api/admin/users/${await ctx.newUser()}`, method: 'DELETE' }), expect: adminOnly(204) },
  // the CLI's channel needs this machine's socket and the data-directory token: refused to every web caller
  'POST /api/internal/users': { request: send('POST', '/api/internal/users', { email: 'x@example.com', password: 'secret1' }), expect: everyone(403) },
  'POST /api/internal/test/streak': { request: send('POST', '/api/internal/test/streak', { email: 'x@example.com', currentStreak: 1, lastLoginDaysAgo: 1 }), expect: everyone(403) },
  // the dev outbox exists only with the outbox provider outside production; in-process requests count as local
  'GET /api/dev/outbox': { request: get('/api/dev/outbox'), expect: everyone(200) },
  'GET /dev/outbox': { request: get('/dev/outbox'), expect: everyone(200) },
  // study media: subscribers only (the course-level rule is tested in media.test.ts)
  'GET /media/:kind/:file': { request: get('/media/videos/vid-adult-cpr-quality.mp4'), expect: subscriber(200) },
};

describe('authorization matrix', () => {
  let s: TestServer;
  const cookies: Partial<Record<Caller, string>> = {};
  let ctx: Ctx;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    const db = s.deps.database.db;
    const student = await signedInUser(s, { activeDays: 30 });
    cookies.student = student.cookie;
    cookies.otherStudent = (await signedInUser(s, { activeDays: 30 })).cookie;
    cookies.lapsed = (await signedInUser(s)).cookie;
    cookies.admin = (await signedInUser(s, { role: 'admin', activeDays: 30 })).cookie;
    // an unverified account has no session to offer: its sign-in is refused
    await s.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'unverified@example.com', password: 'secret-pass', name: 'U V', firstName: 'U', lastName: 'V' } });
    const refused = await s.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'unverified@example.com', password: 'secret-pass' } });
    expect(refused.status).toBe(403);
    cookies.unverified = refused.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const [card] = await db.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.courseLevel, 'Paramedic')).limit(1);
    ctx = {
      cardId: card!.id,
      studentId: student.id,
      newCoupon: async () => (await db.insert(couponCodes).values({ name: 'T', code: `T${randomUUID().slice(0, 8).toUpperCase()}`, duration: 1, durationType: 'days' }).returning())[0]!.id,
      newUser: async () => (await createVerifiedUser(s.deps.auth, db, { email: `t-${randomUUID()}@example.com`, password: 'secret1' })).id,
    };
  });
  afterAll(async () => s?.close());

  it('has a row for every route the app serves', () => {
    const app = createApp(s.deps, loadContent(process.cwd()).content);
    const routes = [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
    const missing = routes.filter((r) => !(r in MATRIX));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
  });

  for (const [route, row] of Object.entries(MATRIX))
    it(route, async () => {
      const got: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const { path, method, json } = await row.request(ctx);
        const res = await s.request(path, { method, json, cookie: cookies[caller], headers: { origin: ORIGIN } });
        got[caller] = res.status;
        if (res.status >= 400) {
          const body = await res.json().catch(() => null);
          expect(body?.error?.message, `${route} as ${caller} answers the error shape`).toEqual(expect.any(String));
        }
      }
      expect(got).toEqual(row.expect);
    });
});
