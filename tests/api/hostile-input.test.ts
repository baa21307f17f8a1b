import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../helpers/fake-stripe';
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
    // PostgreSQL integer columns end at 2^31 - 1
    fc.constantFrom(2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Bodies shaped like each route's own, with any field replaced, dropped or joined by extras. */
const mutate = (fields: Record<string, unknown>) =>
  fc.oneof(
    hostileValue,
    fc.record(Object.fromEntries(Object.keys(fields).map((k) => [k, fc.oneof(fc.constant(fields[k]), hostileValue)])), {
      requiredKeys: [],
    }),
    fc.tuple(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 })).map(([extra]) => ({ ...fields, ...extra })),
  );

const BODY_ROUTES: [string, string, Record<string, unknown>][] = [
  ['POST', '/api/auth/sign-up/email', { email: 'a@example.com', password: 'secret1', name: 'A B', firstName: 'A', lastName: 'B' }],
  ['POST', '/api/auth/sign-in/email', { email: 'a@example.com', password: 'secret1' }],
  ['POST', '/api/auth/request-password-reset', { email: 'a@example.com', redirectTo: '/newpassword' }],
  ['POST', '/api/auth/reset-password', { token: 'x', newPassword: 'secret2' }],
  ['POST', '/api/home', { timeZone: 'UTC' }],
  ['PATCH', '/api/profile', { firstName: 'A', lastName: 'B' }],
  [
    'POST',
    '/api/events',
    {
      events: [
        {
          id: '6f1c1f1e-1111-4111-8111-111111111111',
          featureType: 'home',
          actionType: 'heartbeat',
          createdAt: new Date().toISOString(),
        },
      ],
    },
  ],
  ['POST', '/api/subscription/codes/redeem', { code: 'ABC' }],
  [
    'POST',
    '/api/subscription/sandbox/confirm',
    { clientSecret: 'pi_x_secret_y', card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
  ],
  ['POST', '/api/subscription/cancel', { subscriptionId: 'sub_x' }],
  ['PUT', '/api/flashcards/1/state', { isFlagged: true, isCorrect: false, isWrong: false }],
  ['POST', '/api/flashcards/unflag-correct', { deck: 'mine', category: 'All Categories' }],
  ['PUT', '/api/saved/video/vid-adult-cpr-quality', { saved: true, clientId: '6f1c1f1e-4444-4444-8444-444444444444' }],
  ['POST', '/api/admin/codes', { name: 'N', code: 'C', duration: 7, duration_type: 'days', usage_limit: null }],
  ['POST', '/api/account/change-email', { newEmail: 'new@example.com', password: 'secret-pass' }],
  ['POST', '/api/account/change-email/confirm', { token: 'abc' }],
  ['POST', '/api/exam', { level: 'EMT' }],
  [
    'POST',
    '/api/exam/6f1c1f1e-2222-4222-8222-222222222222/answers',
    { position: 1, answer: { choice: 'a' }, timeMs: 1000, clientId: '6f1c1f1e-3333-4333-8333-333333333333' },
  ],
  ['POST', '/api/account/change-email/cancel', { token: 'abc' }],
  [
    'POST',
    '/api/admin/users',
    { firstName: 'A', lastName: 'B', email: 'x@example.com', password: 'secret1', role: 'user', courseLevel: 'EMT' },
  ],
];
const QUERY_ROUTES = [
  '/api/flashcards/page',
  '/api/flashcards/summary',
  '/api/events',
  '/api/admin/users',
  '/api/account/reset-token',
  '/api/admin/audit',
  '/api/progress',
];

/** Integers at and beyond the ends of PostgreSQL's `integer`, and JavaScript's safe range. */
const boundaryInt = fc.oneof(
  fc.constantFrom(2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, -(2 ** 31), -(2 ** 31) - 1, 2 ** 32, 2 ** 53, -(2 ** 53), 0, -1),
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 33 }),
  fc.maxSafeInteger(),
);

/** Every integer a caller controls: body fields and ids in the path. */
const INTEGER_INPUTS: [string, (n: number) => { method: string; path: string; json?: unknown }][] = [
  [
    'usage_limit',
    (n) => ({
      method: 'POST',
      path: '/api/admin/codes',
      json: { name: 'N', code: `C${randomUUID().slice(0, 8)}`, duration: 7, duration_type: 'days', usage_limit: n },
    }),
  ],
  [
    'duration',
    (n) => ({
      method: 'POST',
      path: '/api/admin/codes',
      json: { name: 'N', code: `D${randomUUID().slice(0, 8)}`, duration: n, duration_type: 'days' },
    }),
  ],
  ['card id', (n) => ({ method: 'PUT', path: `/api/flashcards/${n}/state`, json: { isFlagged: true, isCorrect: false, isWrong: false } })],
  ['page', (n) => ({ method: 'GET', path: `/api/flashcards/page?deck=mine&page=${n}` })],
  [
    'event numbers',
    (n) => ({
      method: 'POST',
      path: '/api/events',
      json: {
        events: [
          {
            id: randomUUID(),
            featureType: 'home',
            actionType: 'heartbeat',
            durationSeconds: n,
            score: n,
            totalItems: n,
            createdAt: new Date().toISOString(),
          },
        ],
      },
    }),
  ],
  ['admin page', (n) => ({ method: 'GET', path: `/api/admin/users?page=${n}` })],
  ['audit page', (n) => ({ method: 'GET', path: `/api/admin/audit?page=${n}` })],
];

/** What a browser form, a script on another site or a plain client sends. */
const CONTENT_TYPES = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
);
const ORIGINS = fc.constantFrom<string | null>(ORIGIN, ORIGIN, 'https://evil.example', 'null', null);

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
        fc.asyncProperty(mutate(fields), fc.boolean(), CONTENT_TYPES, ORIGINS, async (body, asJson, contentType, origin) => {
          const before = await counts();
          const headers: Record<string, string> = { 'content-type': asJson ? 'application/json' : contentType };
          if (origin !== null) headers.origin = origin;
          const res = await s.request(path, {
            method,
            cookie,
            headers,
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
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom('deck', 'category', 'filter', 'seed', 'page', 'q', 'role', 'featureType', 'actionType', 'token', 'x'),
            hostileString,
            { maxKeys: 5 },
          ),
          async (query) => {
            const qs = new URLSearchParams(query).toString();
            const res = await s.request(`${path}?${qs}`, { cookie, headers: { origin: ORIGIN } });
            expect(res.status, qs.slice(0, 200)).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
    });

  for (const [name, build] of INTEGER_INPUTS)
    it(`${name}: integers at and beyond 2^31 are refused or stored, never a 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(boundaryInt, async (n) => {
          const { method, path, json } = build(n);
          const res = await s.request(path, { method, cookie, json, headers: { origin: ORIGIN } });
          expect(res.status, `${method} ${path} ${n}`).toBeLessThan(500);
          if (Math.abs(n) > 2 ** 31 - 1 && res.status < 400) expect.fail(`${name} ${n} was accepted`);
        }),
        { numRuns: 25 },
      );
    });

  it('cross-origin form and text POSTs to every API route are a 4xx in the one error shape', async () => {
    for (const [method, path] of BODY_ROUTES.filter(([, p]) => !p.startsWith('/api/auth/')))
      for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
        const res = await s.request(path, {
          method,
          cookie,
          headers: { origin: 'https://evil.example', 'content-type': contentType },
          body: 'a=1',
        });
        expect(res.status, `${method} ${path} ${contentType}`).toBe(403);
        expect((await res.json()).error).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
      }
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

describe('hostile signed Stripe webhooks', () => {
  let s: TestServer;
  let fake: FakeStripe;
  const secret = 'whsec_hostile_secret';
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    s = await startTestServer('pglite', {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PRICE_ID: 'price_monthly',
      STRIPE_WEBHOOK_SECRET: secret,
      STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
    });
  });
  afterAll(async () => {
    await s?.close();
    await fake?.stop();
  });

  const post = (payload: string) =>
    s.request('/api/subscription/webhooks/stripe', {
      method: 'POST',
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }), 'content-type': 'application/json' },
      body: payload,
    });
  const types = fc.constantFrom(
    'invoice.paid',
    'invoice.payment_failed',
    'customer.subscription.updated',
    'customer.subscription.deleted',
    'charge.refunded',
  );
  const subscriptionObject = fc.record({
    object: fc.constant('subscription'),
    id: fc.oneof(hostileString, fc.constantFrom('sub_unknown', 'sub_\u0000x')),
  });
  const invoiceObject = fc.record({
    object: fc.constant('invoice'),
    id: hostileString,
    parent: fc.oneof(hostileValue, fc.record({ subscription_details: fc.record({ subscription: fc.oneof(hostileString, hostileValue) }) })),
  });
  const data = fc.oneof(
    fc.constant(undefined),
    hostileValue,
    fc.record({ object: fc.oneof(subscriptionObject, invoiceObject, hostileValue) }),
  );
  const id = fc.oneof(fc.constant(undefined), hostileString, fc.constantFrom('evt_\u0000', 'evt_ok'), hostileValue);

  it('signed events without data, with NUL or odd ids, or for unknown subscriptions: 400 or 200, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(id, types, data, async (eventId, type, eventData) => {
        const payload = JSON.stringify({
          id: eventId === 'evt_ok' ? `evt_${randomUUID()}` : eventId,
          object: 'event',
          type,
          data: eventData,
        });
        const res = await post(payload);
        expect(res.status, payload.slice(0, 300)).toBeLessThan(500);
        expect([200, 400], payload.slice(0, 300)).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });

  it('the three known cases answer as they should', async () => {
    const noData = await post(JSON.stringify({ id: 'evt_nodata', object: 'event', type: 'invoice.paid' }));
    expect(noData.status).toBe(400);
    expect((await noData.json()).error.code).toBe('MALFORMED_EVENT');
    const nul = await post(
      JSON.stringify({
        id: 'evt_\u0000',
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { object: 'subscription', id: 'sub_x' } },
      }),
    );
    expect(nul.status).toBe(400);
    const unknown = await post(
      JSON.stringify({
        id: `evt_${randomUUID()}`,
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { object: 'subscription', id: 'sub_nobody' } },
      }),
    );
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: true, ignored: 'unknown subscription' });
  });
});
