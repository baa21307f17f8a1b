import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/**
 * Path parameters are input too: every route with a `:param` (src/server/features/* /routes.ts), called with a parameter
 * that holds a control character or is not valid percent-encoded UTF-8, answers 404 in the one error shape — never a
 * 5xx (PostgreSQL refuses U+0000 in text). The caller is a subscribed admin, so no route refuses them before its
 * parameter is read.
 */
const answer = { position: 1, answer: { choice: 'a' }, timeMs: 1000, clientId: '6f1c1f1e-3333-4333-8333-333333333333' };
const coupon = { name: 'N', code: 'C', duration: 7, duration_type: 'days', usage_limit: null };
/** Each route with a body its own schema accepts, so that without the guard the parameter is what a route trips over. */
const ROUTES: [method: string, template: string, body?: unknown][] = [
  ['PUT', '/api/admin/codes/:id', coupon],
  ['PATCH', '/api/admin/codes/:id/active', { is_active: true }],
  ['DELETE', '/api/admin/codes/:id'],
  ['PATCH', '/api/admin/content/reports/:id', { status: 'resolved' }],
  ['GET', '/api/admin/users/:id/analytics'],
  ['PATCH', '/api/admin/users/:id/role', { role: 'user' }],
  ['PATCH', '/api/admin/users/:id/course-level', { courseLevel: 'EMT' }],
  ['POST', '/api/admin/users/:id/access', { days: 7 }],
  ['POST', '/api/admin/users/:id/reset-password'],
  ['DELETE', '/api/admin/users/:id'],
  ['GET', '/api/exam/:id'],
  ['POST', '/api/exam/:id/answers', answer],
  ['GET', '/api/exam/:id/review'],
  ['PUT', '/api/flashcards/:id/state', { isFlagged: true, isCorrect: false, isWrong: false }],
  ['GET', '/api/questions/sessions/:id'],
  ['POST', '/api/questions/sessions/:id/answers', { itemKey: 'k', answer: { choice: 'a' }, timeMs: 1000, clientId: 'client-id-1' }],
  ['POST', '/api/questions/sessions/:id/complete'],
  ['PUT', '/api/questions/flags/:itemKey', { flagged: true }],
  ['GET', '/api/scenarios/:key'],
  ['PUT', '/api/saved/:kind/:key', { saved: true, clientId: '6f1c1f1e-4444-4444-8444-444444444444' }],
  ['GET', '/media/:kind/:file'],
];

/** NUL, other C0 controls, DEL, a C1 control; invalid UTF-8, a truncated sequence, an overlong one, broken escapes. */
const HOSTILE = ['a%00b', '%00', 'a%0Ab', 'a%09b', 'a%1Fb', '%7F', 'a%C2%85b', '%ff', 'a%E2%82', '%C0%AE', '%zz', 'a%'];

describe.each(testDatabases())('path parameters on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    cookie = (await signedInUser(s, { role: 'admin', activeDays: 30 })).cookie;
  });
  afterAll(async () => s?.close());

  const cases = ROUTES.flatMap(([method, template, body]) => {
    const params = template.match(/:[A-Za-z]+/g)!;
    return params.flatMap((param) =>
      HOSTILE.map((value) => {
        // the other parameters hold ordinary values (a file name for :file, a kind for :kind)
        let path = template.replace(param, value);
        path = path.replace(':kind', 'videos').replace(':file', 'vid-adult-cpr-quality.mp4');
        return { method, path, body, label: `${method} ${template} with ${param} = ${value}` };
      }),
    );
  });

  it.each(cases)('$label → 404 in the error shape', async ({ method, path, body }) => {
    const res = await s.request(path, { method, cookie, ...(body === undefined ? {} : { json: body }) });
    const text = await res.text();
    expect(res.status, text).toBe(404);
    expect(JSON.parse(text)).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('a NUL anywhere in the path is refused the same way, before any route, signed in or not', async () => {
    for (const path of ['/api/health%00', '/api/auth/get-session%00', '/%00', '/home%00', '/api/nope%00x']) {
      const res = await s.request(path);
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    }
  });

  it('valid percent-encoding still reaches its route', async () => {
    expect((await s.request('/api/%68ealth')).status).toBe(200);
    // a well-formed non-ASCII key is an ordinary unknown item, not a refused path
    const res = await s.request('/api/questions/flags/caf%C3%A9', { method: 'PUT', cookie, json: { flagged: true } });
    expect(res.status).toBeLessThan(500);
  });
});
