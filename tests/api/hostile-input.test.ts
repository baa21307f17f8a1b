import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Malformed and hostile input at every route that reads a body or a query: wrong types, huge and
 * unicode strings, SQL and HTML fragments, extreme numbers, missing and extra fields, bad time zones
 * and dates. Every answer is a success or a 4xx in the one error shape — never a 5xx — and a refused
 * request changes nothing in the database.
 */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; drop table users; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00%27',
    '\u0000',
    'Ann\u0000ette',
    '𝕏'.repeat(300),
    'a'.repeat(100_000),
    'Mars/Olympus_Mons',
    '2026-02-30T25:61:00Z',
    '-1',
    '1e309',
    'NaN',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0, -1, 1e308, true, false, null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies shaped like each route's own, with any field replaced, dropped or joined by extras. */
const mutate = (fields: Record<string, unknown>) =>
  fc.oneof(
    hostileValue,
    fc.record(Object.fromEntries(Object.keys(fields).map((k) => [k, fc.oneof(fc.constant(fields[k]), hostileValue)])), { requiredKeys: [] }),
    fc.tuple(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 })).map(([extra]) => ({ ...fields, ...extra })),
  );

const BODY_ROUTES: [string, string, Record<string, unknown>][] = [
  ['POST', '/api/auth/sign-up/email', { email: 'a@example.com', password: 'secret1', name: 'A B', firstName: 'A', lastName: 'B' }],
  ['POST', '/api/auth/sign-in/email', { email: 'a@example.com', password: 'secret1' }],
  ['POST', '/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: '/newpassword' }],
  ['POST', '/api/auth/reset-password', { token: 'x', newPassword: 'secret2' }],
  ['POST', '/api/home', { timeZone: 'UTC' }],
  ['PATCH', '/api/profile', { firstName: 'A', lastName: 'B' }],
  ['POST', '/api/events', { events: [{ id: '6f1c1f1e-1111-4111-8111-111111111111', feature_type: 'home', action_type: 'heartbeat', created_at: '2026-01-01T00:00:00Z' }] }],
  ['POST', '/api/subscription/codes/redeem', { code: 'ABC' }],
  ['POST', '/api/subscription/sandbox/confirm', { clientSecret: 'pi_x_secret_y', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } }],
  ['POST', '/api/subscription/cancel', { subscriptionId: 'sub_x' }],
  ['PUT', '/api/flashcards/1/state', { is_flagged: true, is_correct: false, is_wrong: false }],
  ['POST', '/api/flashcards/unflag-correct', { deck: 'mine', category: 'All Categories' }],
  ['POST', '/api/admin/codes', { name: 'N', code: 'C', duration: 7, duration_type: 'days', usage_limit: null }],
  ['POST', '/api/account/change-email', { newEmail: 'new@example.com', password: 'secret-pass' }],
  ['POST', '/api/account/change-email/confirm', { token: 'abc' }],
  ['POST', '/api/account/change-email/cancel', { token: 'abc' }],
  ['POST', '/api/admin/users', { firstName: 'A', lastName: 'B', email: 'x@example.com', password: 'secret1', role: 'user', courseLevel: 'EMT' }],
];
const QUERY_ROUTES = [
  '/api/flashcards/page',
  '/api/flashcards/summary',
  '/api/events',
  '/api/admin/users',
  '/api/account/reset-token',
];

describe('hostile input', () => {
  let s: TestServer;
  let cookie: string;
  const counts = async () =>
    (
      await s.deps.database.db.execute(
        sql`select (select count(*) from users)::int u, (select count(*) from coupon_codes)::int c, (select count(*) from user_interactions)::int e,
                   (select count(*) from user_flashcard_interactions)::int f, (select count(*) from coupon_redemptions)::int r`,
      )
    ).rows[0];

  beforeAll(async () => {
    s = await startTestServer('pglite');
    cookie = (await signedInUser(s, { role: 'admin', activeDays: 30 })).cookie;
  });
  afterAll(async () => s?.close());

  for (const [method, path, fields] of BODY_ROUTES)
    it(`${method} ${path} never answers 5xx and a refusal changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(mutate(fields), fc.boolean(), async (body, asJson) => {
          const before = await counts();
          const res = await s.request(path, {
            method,
            cookie,
            headers: { origin: ORIGIN, 'content-type': asJson ? 'application/json' : 'text/plain' },
            body: typeof body === 'string' && !asJson ? body : JSON.stringify(body),
          });
          expect(res.status, JSON.stringify(body).slice(0, 200)).toBeLessThan(500);
          if (res.status >= 400) {
            const json = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
            expect(typeof json?.error?.message, 'the one error shape').toBe('string');
            expect(await counts()).toEqual(before);
          }
        }),
        { numRuns: 40 },
      );
    });

  for (const path of QUERY_ROUTES)
    it(`GET ${path} with hostile queries never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom('deck', 'category', 'filter', 'seed', 'page', 'q', 'role', 'feature_type', 'action_type', 'token', 'x'), hostileString, { maxKeys: 5 }), async (query) => {
          const qs = new URLSearchParams(query as Record<string, string>).toString();
          const res = await s.request(`${path}?${qs}`, { cookie, headers: { origin: ORIGIN } });
          expect(res.status, qs.slice(0, 200)).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    });

  it('hostile headers are answered, not crashed on', async () => {
    const cases: Record<string, string>[] = [
      { 'x-forwarded-for': '1.1.1.1, <script>' },
      { 'x-request-id': 'x'.repeat(10_000) },
      { 'content-type': 'application/json; charset=utf-32' },
      { cookie: 'better-auth.session_token=' + 'A'.repeat(4000) },
      { origin: 'null' },
    ];
    for (const headers of cases) expect((await s.request('/api/account/session', { headers })).status).toBeLessThan(500);
  });
});
