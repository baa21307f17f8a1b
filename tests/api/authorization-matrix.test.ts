import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadContent } from '../../src/server/content/load';
import { calendarFeeds, couponCodes, flashcards, nremtResults, planEvents } from '../../src/server/db/schema';
import { createVerifiedUser } from '../../src/server/auth/create-user';
import { ORIGIN, signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Every API route × every kind of caller, with the status each cell must answer. A route added to the
 * app without a row here fails the first test, so no route ships without its authorization decided.
 * Better Auth's routes are listed from the Better Auth instance itself (its core and every plugin's),
 * so a route mounted by an upgrade or a new plugin also needs a row: open for the listed callers, or
 * closed (404 to everyone, src/server/auth/route-policy.ts).
 */
type Caller = 'anonymous' | 'unverified' | 'lapsed' | 'student' | 'otherStudent' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'unverified', 'lapsed', 'student', 'otherStudent', 'admin'];

interface Ctx {
  cardId: number;
  /** a new session of a new user of the caller's kind, for routes that end sessions or change passwords */
  freshCookie: (caller: Caller) => Promise<string | undefined>;
  newCoupon: () => Promise<string>;
  newUser: () => Promise<string>;
  studentId: string;
  /** an NREMT result the student reported: only they may change it */
  studentResultId: string;
  /** two events on the student's calendar: only they may change or delete them */
  studentEventId: string;
  studentEventToDelete: string;
  /** a subscriber's private calendar address (its token is the whole credential) */
  feedToken: string;
}
interface Row {
  request: (ctx: Ctx) => Promise<{ path: string; method: string; json?: unknown; fresh?: boolean }>;
  expect: Record<Caller, number>;
}

const everyone = (status: number) => Object.fromEntries(CALLERS.map((c) => [c, status])) as Record<Caller, number>;
const signedIn = (status: number) => ({
  anonymous: 401,
  unverified: 401,
  lapsed: status,
  student: status,
  otherStudent: status,
  admin: status,
});
const subscriber = (status: number) => ({
  anonymous: 401,
  unverified: 401,
  lapsed: 403,
  student: status,
  otherStudent: status,
  admin: status,
});
const adminOnly = (status: number) => ({ anonymous: 401, unverified: 401, lapsed: 403, student: 403, otherStudent: 403, admin: status });
const get = (path: string) => async () => ({ path, method: 'GET' });
const send =
  (method: string, path: string, json: unknown = {}) =>
  async () => ({ path, method, json });
/** with a fresh session of the caller's kind (the route ends sessions or changes the password) */
const sendFresh =
  (path: string, json: unknown = {}) =>
  async () => ({ path, method: 'POST', json, fresh: true });
const closed: Pick<Row, 'expect'> = { expect: everyone(404) };
const closedRoutes = (...routes: string[]): Record<string, Row> =>
  Object.fromEntries(
    routes.map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return [
        route,
        {
          ...closed,
          request: method === 'GET' ? get(path.replace(':id', 'x').replace(':token', 'x')) : send(method, path.replace(':id', 'x')),
        },
      ];
    }),
  );
const withSession = (status: number) => ({
  anonymous: 401,
  unverified: 401,
  lapsed: status,
  student: status,
  otherStudent: status,
  admin: status,
});

/** Every route Better Auth would serve: its endpoints' paths and methods (server-only ones are not routed). */
function betterAuthRoutes(api: Record<string, unknown>): string[] {
  const routes: string[] = [];
  for (const endpoint of Object.values(api)) {
    const e = endpoint as { path?: string; options?: { method?: string | string[]; metadata?: { SERVER_ONLY?: boolean } } };
    if (!e.path || e.options?.metadata?.SERVER_ONLY) continue;
    for (const method of [e.options?.method ?? 'GET'].flat()) routes.push(`${method} /api/auth${e.path}`);
  }
  return routes;
}

const MATRIX: Record<string, Row> = {
  // Better Auth: the routes the app uses (src/server/auth/route-policy.ts) …
  'GET /api/auth/get-session': { request: get('/api/auth/get-session'), expect: everyone(200) },
  'POST /api/auth/sign-up/email': {
    request: async () => ({
      path: '/api/auth/sign-up/email',
      method: 'POST',
      json: { email: `s-${randomUUID()}@example.com`, password: 'secret-pass', name: 'S U', firstName: 'S', lastName: 'U' },
    }),
    expect: everyone(200),
  },
  'POST /api/auth/sign-in/email': {
    request: send('POST', '/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'wrong-pass' }),
    expect: everyone(401),
  },
  'POST /api/auth/sign-out': { request: sendFresh('/api/auth/sign-out'), expect: everyone(200) },
  'GET /api/auth/verify-email': { request: get('/api/auth/verify-email?token=not-a-token'), expect: everyone(401) },
  // a signed-in caller is verified already: refused, and nothing is sent
  'POST /api/auth/send-verification-email': {
    request: send('POST', '/api/auth/send-verification-email', { email: 'nobody@example.com' }),
    expect: { ...everyone(400), anonymous: 200, unverified: 200 },
  },
  'POST /api/auth/request-password-reset': {
    request: send('POST', '/api/auth/request-password-reset', { email: 'nobody@example.com', redirectTo: '/newpassword' }),
    expect: everyone(200),
  },
  'POST /api/auth/reset-password': {
    request: send('POST', '/api/auth/reset-password', { token: 'not-a-token', newPassword: 'secret-pass-2' }),
    expect: everyone(400),
  },
  'POST /api/auth/change-password': {
    request: sendFresh('/api/auth/change-password', { currentPassword: 'secret-pass', newPassword: 'secret-pass-2' }),
    expect: withSession(200),
  },
  'POST /api/auth/revoke-sessions': { request: sendFresh('/api/auth/revoke-sessions'), expect: withSession(200) },
  'POST /api/auth/revoke-other-sessions': { request: sendFresh('/api/auth/revoke-other-sessions'), expect: withSession(200) },
  // … and every other one closed: the admin plugin's bypass our guards, the rest the app does not use
  ...closedRoutes(
    'POST /api/auth/change-email',
    'POST /api/auth/update-user',
    'POST /api/auth/delete-user',
    'GET /api/auth/delete-user/callback',
    'POST /api/auth/verify-password',
    'POST /api/auth/get-session',
    'POST /api/auth/update-session',
    'GET /api/auth/list-sessions',
    'POST /api/auth/revoke-session',
    'GET /api/auth/reset-password/:token',
    'POST /api/auth/sign-in/social',
    'GET /api/auth/callback/:id',
    'POST /api/auth/callback/:id',
    'POST /api/auth/link-social',
    'GET /api/auth/list-accounts',
    'POST /api/auth/unlink-account',
    'POST /api/auth/refresh-token',
    'POST /api/auth/get-access-token',
    'GET /api/auth/account-info',
    'GET /api/auth/ok',
    'GET /api/auth/error',
    'POST /api/auth/admin/set-role',
    'GET /api/auth/admin/get-user',
    'POST /api/auth/admin/create-user',
    'POST /api/auth/admin/update-user',
    'GET /api/auth/admin/list-users',
    'POST /api/auth/admin/list-user-sessions',
    'POST /api/auth/admin/unban-user',
    'POST /api/auth/admin/ban-user',
    'POST /api/auth/admin/impersonate-user',
    'POST /api/auth/admin/stop-impersonating',
    'POST /api/auth/admin/revoke-user-session',
    'POST /api/auth/admin/revoke-user-sessions',
    'POST /api/auth/admin/remove-user',
    'POST /api/auth/admin/set-user-password',
    'POST /api/auth/admin/has-permission',
  ),
  'GET /api/health': { request: get('/api/health'), expect: everyone(200) },
  'GET /api/ping': { request: get('/api/ping'), expect: everyone(200) },
  'GET /api/account/me': { request: get('/api/account/me'), expect: signedIn(200) },
  'POST /api/account/profile': { request: send('POST', '/api/account/profile'), expect: signedIn(200) },
  'GET /api/account/session': { request: get('/api/account/session'), expect: everyone(200) },
  'GET /api/account/reset-token': { request: get('/api/account/reset-token?token=abc'), expect: everyone(200) },
  'POST /api/account/change-email': {
    request: async () => ({
      path: '/api/account/change-email',
      method: 'POST',
      json: { newEmail: `c-${randomUUID()}@example.com`, password: 'secret-pass' },
    }),
    expect: signedIn(200),
  },
  'POST /api/account/change-email/confirm': {
    request: send('POST', '/api/account/change-email/confirm', { token: 'not-a-token' }),
    expect: everyone(400),
  },
  'POST /api/account/change-email/cancel': {
    request: send('POST', '/api/account/change-email/cancel', { token: 'not-a-token' }),
    expect: everyone(400),
  },
  'POST /api/subscription/webhooks/stripe': { request: send('POST', '/api/subscription/webhooks/stripe'), expect: everyone(404) },
  'POST /api/subscription/verify': { request: send('POST', '/api/subscription/verify'), expect: signedIn(200) },
  'POST /api/subscription/sync': { request: send('POST', '/api/subscription/sync'), expect: signedIn(200) },
  'POST /api/subscription/payment-intent': { request: send('POST', '/api/subscription/payment-intent'), expect: signedIn(200) },
  'POST /api/subscription/sandbox/confirm': {
    request: send('POST', '/api/subscription/sandbox/confirm', {
      clientSecret: 'pi_x_secret_y',
      card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
    }),
    expect: signedIn(404),
  },
  'POST /api/subscription/cancel': {
    request: send('POST', '/api/subscription/cancel', { subscriptionId: 'sub_someone_else' }),
    expect: signedIn(404),
  },
  'POST /api/subscription/resume': {
    request: send('POST', '/api/subscription/resume', { subscriptionId: 'sub_someone_else' }),
    expect: signedIn(404),
  },
  'GET /api/subscription/billing': { request: get('/api/subscription/billing'), expect: signedIn(200) },
  'POST /api/subscription/codes/redeem': {
    request: send('POST', '/api/subscription/codes/redeem', { code: 'NOPE' }),
    expect: signedIn(404),
  },
  'POST /api/home': { request: send('POST', '/api/home', { timeZone: 'UTC' }), expect: subscriber(200) },
  'GET /api/badges': { request: get('/api/badges'), expect: subscriber(200) },
  'GET /api/flashcards/summary': { request: get('/api/flashcards/summary?deck=mine'), expect: subscriber(200) },
  'GET /api/flashcards/page': { request: get('/api/flashcards/page?deck=mine'), expect: subscriber(200) },
  'PUT /api/flashcards/:id/state': {
    request: async (ctx) => ({
      path: `/api/flashcards/${ctx.cardId}/state`,
      method: 'PUT',
      json: { isFlagged: true, isCorrect: false, isWrong: false },
    }),
    expect: subscriber(200),
  },
  'POST /api/flashcards/unflag-correct': {
    request: send('POST', '/api/flashcards/unflag-correct', { deck: 'mine' }),
    expect: subscriber(200),
  },
  'GET /api/saved': { request: get('/api/saved'), expect: subscriber(200) },
  'PUT /api/saved/:kind/:key': {
    // a video of every level (content/videos): any subscriber may save it, and only for themselves
    request: send('PUT', '/api/saved/video/vid-adult-cpr-quality', { saved: true, clientId: randomUUID() }),
    expect: subscriber(200),
  },
  'GET /api/scenarios': { request: get('/api/scenarios'), expect: subscriber(200) },
  // a Paramedic scenario: the matrix's students are Paramedic (the default course level)
  'GET /api/scenarios/:key': { request: get('/api/scenarios/cardiology-2'), expect: subscriber(200) },
  'GET /scenarioanswers.json': { request: get('/scenarioanswers.json'), expect: subscriber(200) },
  'GET /api/videos': { request: get('/api/videos'), expect: subscriber(200) },
  'GET /api/sorting/questions': { request: get('/api/sorting/questions'), expect: subscriber(200) },
  'GET /api/search': { request: get('/api/search?q=adenosine'), expect: subscriber(200) },
  'GET /api/drag-drop/scenarios': { request: get('/api/drag-drop/scenarios'), expect: subscriber(200) },
  'GET /api/profile': { request: get('/api/profile'), expect: signedIn(200) },
  // programs (decision 106): any signed-in user joins and leaves; instructors and administrators teach. The callers of a
  // class (its students, another class's, its instructor, another instructor) are in authorization-programs.test.ts
  'GET /api/classes': { request: get('/api/classes'), expect: signedIn(200) },
  'GET /api/classes/preview': { request: get('/api/classes/preview?code=CLASS-ZZZZZZ'), expect: signedIn(404) },
  'POST /api/classes/join': { request: send('POST', '/api/classes/join', { code: 'CLASS-ZZZZZZ' }), expect: signedIn(404) },
  'DELETE /api/classes/:id/membership': { request: send('DELETE', `/api/classes/${randomUUID()}/membership`), expect: signedIn(404) },
  'GET /api/instructor/classes': { request: get('/api/instructor/classes'), expect: adminOnly(200) },
  'POST /api/instructor/classes': {
    request: send('POST', '/api/instructor/classes', {
      name: 'Matrix class',
      level: 'EMT',
      startDate: '2026-09-01',
      endDate: '2027-03-01',
      seats: 5,
      grantsAccessDays: null,
    }),
    expect: adminOnly(201),
  },
  'GET /api/instructor/classes/:id': { request: get(`/api/instructor/classes/${randomUUID()}`), expect: adminOnly(404) },
  // class assignments (decision 111): an administrator reaches any class, so a class that does not exist answers 404
  'GET /api/instructor/classes/:id/assignments': {
    request: get(`/api/instructor/classes/${randomUUID()}/assignments`),
    expect: adminOnly(404),
  },
  'POST /api/instructor/classes/:id/assignments': {
    request: send('POST', `/api/instructor/classes/${randomUUID()}/assignments`, { spec: { kind: 'exam' }, dueDate: '2099-01-01' }),
    expect: adminOnly(404),
  },
  // a class's NREMT outcomes (decision 112)
  'GET /api/instructor/classes/:id/outcomes': { request: get(`/api/instructor/classes/${randomUUID()}/outcomes`), expect: adminOnly(404) },
  'POST /api/instructor/classes/:id/outcomes': {
    request: send('POST', `/api/instructor/classes/${randomUUID()}/outcomes`, {
      userId: 'nobody',
      examDate: '2026-06-01',
      result: 'passed',
      attempt: 1,
    }),
    expect: adminOnly(404),
  },
  'POST /api/instructor/classes/:id/outcomes/import': {
    request: send('POST', `/api/instructor/classes/${randomUUID()}/outcomes/import`, {
      csv: 'email,level,date,result,attempt',
      dryRun: true,
    }),
    expect: adminOnly(404),
  },
  'DELETE /api/instructor/classes/:id/outcomes/:resultId': {
    request: send('DELETE', `/api/instructor/classes/${randomUUID()}/outcomes/${randomUUID()}`),
    expect: adminOnly(404),
  },
  'DELETE /api/instructor/classes/:id/assignments/:assignmentId': {
    request: send('DELETE', `/api/instructor/classes/${randomUUID()}/assignments/${randomUUID()}`),
    expect: adminOnly(404),
  },
  'PATCH /api/profile': { request: send('PATCH', '/api/profile', { firstName: 'Sam', lastName: 'Lee' }), expect: signedIn(200) },
  'PATCH /api/profile/course-level': {
    request: send('PATCH', '/api/profile/course-level', { courseLevel: 'Both' }),
    expect: signedIn(200),
  },
  'POST /api/events': {
    request: async () => ({
      path: '/api/events',
      method: 'POST',
      json: {
        events: [
          { id: randomUUID(), featureType: 'home', actionType: 'heartbeat', durationSeconds: 1, createdAt: new Date().toISOString() },
        ],
      },
    }),
    expect: subscriber(200),
  },
  'GET /api/events': { request: get('/api/events?featureType=home&actionType=heartbeat'), expect: signedIn(200) },
  'GET /api/admin/codes': { request: get('/api/admin/codes'), expect: adminOnly(200) },
  'POST /api/admin/codes': {
    request: async () => ({
      path: '/api/admin/codes',
      method: 'POST',
      json: { name: 'M', code: `M${randomUUID().slice(0, 8)}`, duration: 1, duration_type: 'days' },
    }),
    expect: adminOnly(201),
  },
  'PUT /api/admin/codes/:id': {
    request: async (ctx) => ({
      path: `/api/admin/codes/${await ctx.newCoupon()}`,
      method: 'PUT',
      json: { name: 'E', code: `E${randomUUID().slice(0, 8)}`, duration: 2, duration_type: 'days' },
    }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/codes/:id/active': {
    request: async (ctx) => ({ path: `/api/admin/codes/${await ctx.newCoupon()}/active`, method: 'PATCH', json: { is_active: false } }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/codes/:id': {
    request: async (ctx) => ({ path: `/api/admin/codes/${await ctx.newCoupon()}`, method: 'DELETE' }),
    expect: adminOnly(204),
  },
  'GET /api/admin/users': { request: get('/api/admin/users'), expect: adminOnly(200) },
  'GET /api/admin/audit': { request: get('/api/admin/audit?action=user.role&q=a&page=0'), expect: adminOnly(200) },
  'POST /api/admin/users': {
    request: async () => ({
      path: '/api/admin/users',
      method: 'POST',
      json: { firstName: 'N', lastName: 'U', email: `n-${randomUUID()}@example.com`, password: 'secret1' },
    }),
    expect: adminOnly(201),
  },
  'GET /api/admin/users/:id/analytics': {
    request: async (ctx) => ({ path: `/api/admin/users/${ctx.studentId}/analytics`, method: 'GET' }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/users/:id/role': {
    request: async (ctx) => ({ path: `/api/admin/users/${await ctx.newUser()}/role`, method: 'PATCH', json: { role: 'admin' } }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/users/:id/course-level': {
    request: async (ctx) => ({
      path: `/api/admin/users/${await ctx.newUser()}/course-level`,
      method: 'PATCH',
      json: { courseLevel: 'EMT' },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/access': {
    request: async (ctx) => ({ path: `/api/admin/users/${await ctx.newUser()}/access`, method: 'POST', json: { days: 7 } }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/reset-password': {
    request: async (ctx) => ({ path: `/api/admin/users/${ctx.studentId}/reset-password`, method: 'POST', json: {} }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/users/:id': {
    request: async (ctx) => ({ path: `/api/admin/users/${await ctx.newUser()}`, method: 'DELETE' }),
    expect: adminOnly(204),
  },
  // the CLI's channel needs this machine's socket and the data-directory token: refused to every web caller
  'POST /api/internal/users': {
    request: send('POST', '/api/internal/users', { email: 'x@example.com', password: 'secret1' }),
    expect: everyone(403),
  },
  // question practice (docs/product.md §10.4): study routes, like every other
  'GET /api/questions/options': { request: get('/api/questions/options'), expect: subscriber(200) },
  'POST /api/questions/sessions': {
    request: send('POST', '/api/questions/sessions', {
      level: 'Paramedic',
      domains: [],
      topics: [],
      count: 10,
      filter: 'all',
      mode: 'tutor',
    }),
    expect: subscriber(201),
  },
  'GET /api/questions/sessions/current': { request: get('/api/questions/sessions/current'), expect: subscriber(200) },
  'GET /api/questions/sessions/:id': { request: get(`/api/questions/sessions/${randomUUID()}`), expect: subscriber(404) },
  'POST /api/questions/sessions/:id/answers': {
    request: send('POST', `/api/questions/sessions/${randomUUID()}/answers`, {
      itemKey: 'x',
      answer: { choice: 'a' },
      timeMs: 1000,
      clientId: randomUUID(),
    }),
    expect: subscriber(404),
  },
  'POST /api/questions/sessions/:id/complete': {
    request: send('POST', `/api/questions/sessions/${randomUUID()}/complete`),
    expect: subscriber(404),
  },
  'PUT /api/questions/flags/:itemKey': {
    request: send('PUT', '/api/questions/flags/no-such-item', { flagged: true }),
    expect: subscriber(404),
  },
  'GET /api/questions/reports/:itemKey': { request: get('/api/questions/reports/no-such-item'), expect: subscriber(404) },
  'POST /api/questions/reports': {
    request: send('POST', '/api/questions/reports', { itemKey: 'no-such-item', reason: 'typo', text: 'A typo.' }),
    expect: subscriber(404),
  },
  // spaced repetition (docs/product.md §10.5)
  'GET /api/review/queue': { request: get('/api/review/queue'), expect: subscriber(200) },
  'POST /api/review/answers': {
    request: send('POST', '/api/review/answers', { kind: 'flashcard', key: 'no-such-card', grade: 'good', clientId: randomUUID() }),
    expect: subscriber(404),
  },
  // the same route answering a question (decision 079): study routes, subscribers only
  'POST /api/review/answers (a question)': {
    request: send('POST', '/api/review/answers', {
      kind: 'question',
      key: 'no-such-question',
      answer: { choice: 'a' },
      order: 'abcdefghijkl',
      clientId: randomUUID(),
    }),
    expect: subscriber(404),
  },
  'GET /api/review/settings': { request: get('/api/review/settings'), expect: subscriber(200) },
  'PUT /api/review/settings': {
    request: send('PUT', '/api/review/settings', { desiredRetention: 0.9, newPerDay: 20, levels: [], categories: [], showHardEasy: false }),
    expect: subscriber(200),
  },
  'GET /api/review/stats': { request: get('/api/review/stats'), expect: subscriber(200) },
  // the practice exam (docs/product.md §10.6)
  'POST /api/exam': { request: send('POST', '/api/exam', {}), expect: subscriber(200) },
  'GET /api/exam/current': { request: get('/api/exam/current'), expect: subscriber(200) },
  'GET /api/exam/history': { request: get('/api/exam/history'), expect: subscriber(200) },
  'GET /api/exam/availability': { request: get('/api/exam/availability'), expect: subscriber(200) },
  'GET /api/exam/:id': { request: get(`/api/exam/${randomUUID()}`), expect: subscriber(404) },
  'POST /api/exam/:id/answers': {
    request: send('POST', `/api/exam/${randomUUID()}/answers`, {
      position: 1,
      answer: { choice: 'a' },
      timeMs: 1000,
      clientId: randomUUID(),
    }),
    expect: subscriber(404),
  },
  'GET /api/exam/:id/review': { request: get(`/api/exam/${randomUUID()}/review`), expect: subscriber(404) },
  'GET /api/progress': { request: get('/api/progress'), expect: subscriber(200) },
  // reported NREMT results: any signed-in student (the sitting usually comes after the subscription), each only their own
  'GET /api/nremt-results': { request: get('/api/nremt-results'), expect: signedIn(200) },
  'POST /api/nremt-results': {
    request: send('POST', '/api/nremt-results', { level: 'EMT', examDate: '2026-11-01', result: 'passed', attempt: 3 }),
    expect: signedIn(201),
  },
  'PUT /api/nremt-results/:id': {
    request: async (ctx) => ({
      path: `/api/nremt-results/${ctx.studentResultId}`,
      method: 'PUT',
      json: { level: 'EMT', examDate: '2026-11-02', result: 'failed', attempt: 1 },
    }),
    expect: { ...signedIn(404), student: 200 },
  },
  'DELETE /api/nremt-results/:id': {
    request: async (ctx) => ({ path: `/api/nremt-results/${ctx.studentResultId}`, method: 'DELETE' }),
    expect: { ...signedIn(404), student: 204 },
  },
  // the study plan (decision 105): the caller's own; an event of another student is a 404
  'GET /api/plan': { request: get('/api/plan'), expect: subscriber(200) },
  'PUT /api/plan': {
    request: send('PUT', '/api/plan', {
      examDate: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
      level: 'Paramedic',
      restWeekday: 0,
    }),
    expect: subscriber(200),
  },
  'POST /api/plan/events': {
    request: async () => ({
      path: '/api/plan/events',
      method: 'POST',
      json: { id: randomUUID(), title: 'Class', type: 'class', date: '2027-01-04', time: '09:00' },
    }),
    expect: subscriber(201),
  },
  'PUT /api/plan/events/:id': {
    request: async (ctx) => ({
      path: `/api/plan/events/${ctx.studentEventId}`,
      method: 'PUT',
      json: { title: 'Class moved', type: 'class', date: '2027-01-05', time: '10:00' },
    }),
    expect: { ...subscriber(404), student: 200 },
  },
  'DELETE /api/plan/events/:id': {
    request: async (ctx) => ({ path: `/api/plan/events/${ctx.studentEventToDelete}`, method: 'DELETE' }),
    expect: { ...subscriber(404), student: 204 },
  },
  'GET /api/plan/calendar.ics': { request: get('/api/plan/calendar.ics'), expect: subscriber(200) },
  'POST /api/plan/feed': { request: send('POST', '/api/plan/feed'), expect: subscriber(201) },
  'DELETE /api/plan/feed': { request: send('DELETE', '/api/plan/feed'), expect: subscriber(204) },
  'GET /api/calendar-feed/:file': {
    request: async (ctx) => ({ path: `/api/calendar-feed/${ctx.feedToken}.ics`, method: 'GET' }),
    expect: everyone(200),
  },
  'GET /api/admin/nremt-results': { request: get('/api/admin/nremt-results?level=EMT&page=0'), expect: adminOnly(200) },
  'GET /api/admin/readiness': { request: get('/api/admin/readiness'), expect: adminOnly(200) },
  'POST /api/admin/readiness/validate': { request: send('POST', '/api/admin/readiness/validate'), expect: adminOnly(200) },
  // standard setting (decision 109): administrators run studies; panelists (and administrators on a panel) rate. A
  // panelist's reach (only the studies they are on) is in standard-setting.test.ts
  'GET /api/admin/standards': { request: get('/api/admin/standards'), expect: adminOnly(200) },
  'POST /api/admin/standards': {
    request: send('POST', '/api/admin/standards', { level: 'EMT', title: 'Matrix study', items: 60 }),
    expect: adminOnly(201),
  },
  'GET /api/admin/standards/:id': { request: get(`/api/admin/standards/${randomUUID()}`), expect: adminOnly(404) },
  'POST /api/admin/standards/:id/panelists': {
    request: send('POST', `/api/admin/standards/${randomUUID()}/panelists`, { email: 'nobody@example.com' }),
    expect: adminOnly(404),
  },
  'DELETE /api/admin/standards/:id/panelists/:userId': {
    request: send('DELETE', `/api/admin/standards/${randomUUID()}/panelists/x`),
    expect: adminOnly(404),
  },
  'POST /api/admin/standards/:id/round1': { request: send('POST', `/api/admin/standards/${randomUUID()}/round1`), expect: adminOnly(404) },
  'POST /api/admin/standards/:id/round2': { request: send('POST', `/api/admin/standards/${randomUUID()}/round2`), expect: adminOnly(404) },
  'POST /api/admin/standards/:id/close': { request: send('POST', `/api/admin/standards/${randomUUID()}/close`), expect: adminOnly(404) },
  'GET /api/admin/standards/:id/results': { request: get(`/api/admin/standards/${randomUUID()}/results`), expect: adminOnly(404) },
  'POST /api/admin/standards/:id/adopt': { request: send('POST', `/api/admin/standards/${randomUUID()}/adopt`), expect: adminOnly(404) },
  'GET /api/standard-setting/studies': { request: get('/api/standard-setting/studies'), expect: adminOnly(200) },
  'GET /api/standard-setting/studies/:id': { request: get(`/api/standard-setting/studies/${randomUUID()}`), expect: adminOnly(404) },
  'PUT /api/standard-setting/studies/:id/ratings/:itemKey': {
    request: send('PUT', `/api/standard-setting/studies/${randomUUID()}/ratings/emt-x`, { value: 50 }),
    expect: adminOnly(404),
  },
  'GET /api/admin/jobs': { request: get('/api/admin/jobs'), expect: adminOnly(200) },
  // the admin's request is accepted (202) and runs in the background; the job's own tests: tests/api/jobs.test.ts
  'POST /api/admin/jobs/:name/run': { request: send('POST', '/api/admin/jobs/items:calibrate/run'), expect: adminOnly(202) },
  'POST /api/admin/nremt-results/import': {
    request: send('POST', '/api/admin/nremt-results/import', { csv: 'email,level,date,result,attempt\n', dryRun: true }),
    expect: adminOnly(200),
  },
  // the content administrators' screen (docs/product.md §10.8)
  'GET /api/admin/content/reports': { request: get('/api/admin/content/reports?status=open&page=2'), expect: adminOnly(200) },
  'PATCH /api/admin/content/reports/:id': {
    request: send('PATCH', `/api/admin/content/reports/${randomUUID()}`, { status: 'resolved' }),
    expect: adminOnly(404),
  },
  'PUT /api/admin/content/reports/:id/reply': {
    request: send('PUT', `/api/admin/content/reports/${randomUUID()}/reply`, { reply: 'Thank you.' }),
    expect: adminOnly(404),
  },
  'GET /api/admin/content/stats': { request: get('/api/admin/content/stats'), expect: adminOnly(200) },
  'POST /api/internal/test/question-session': { request: send('POST', '/api/internal/test/question-session', {}), expect: everyone(403) },
  'POST /api/internal/test/question-fixture': { request: send('POST', '/api/internal/test/question-fixture', {}), expect: everyone(403) },
  'DELETE /api/internal/test/users/:email': {
    request: send('DELETE', '/api/internal/test/users/x%40example.com'),
    expect: everyone(403),
  },
  'POST /api/internal/test/streak': {
    request: send('POST', '/api/internal/test/streak', { email: 'x@example.com', currentStreak: 1, lastLoginDaysAgo: 1 }),
    expect: everyone(403),
  },
  'POST /api/internal/test/review-later': {
    request: send('POST', '/api/internal/test/review-later', { email: 'x@example.com', days: 1 }),
    expect: everyone(403),
  },
  // the dev outbox answers only a browser on this machine (tests/api/dev-outbox.test.ts): an in-process request has no
  // socket, so it is answered as if the outbox were off, whoever asks
  'GET /api/dev/outbox': { request: get('/api/dev/outbox'), expect: everyone(404) },
  'GET /dev/outbox': { request: get('/dev/outbox'), expect: everyone(404) },
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
    await s.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'unverified@example.com', password: 'secret-pass', name: 'U V', firstName: 'U', lastName: 'V' },
    });
    const refused = await s.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'unverified@example.com', password: 'secret-pass' },
    });
    expect(refused.status).toBe(403);
    cookies.unverified = refused.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [card] = await db.select({ id: flashcards.id }).from(flashcards).where(eq(flashcards.courseLevel, 'Paramedic')).limit(1);
    const [reported] = await db
      .insert(nremtResults)
      .values({
        userId: student.id,
        level: 'EMT',
        examDate: '2026-11-01',
        passed: true,
        attempt: 1,
        source: 'student',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    const eventRow = (title: string) => ({
      id: randomUUID(),
      userId: student.id,
      title,
      type: 'class',
      date: '2027-01-04',
      time: '09:00',
    });
    const [kept, doomed] = await db
      .insert(planEvents)
      .values([eventRow('Kept'), eventRow('Deleted')])
      .returning();
    const subscriberWithFeed = await signedInUser(s, { activeDays: 30 });
    const feedToken = randomUUID().replace(/-/g, '');
    await db.insert(calendarFeeds).values({ userId: subscriberWithFeed.id, token: feedToken });
    ctx = {
      studentEventId: kept!.id,
      studentEventToDelete: doomed!.id,
      feedToken,
      studentResultId: reported!.id,
      cardId: card!.id,
      freshCookie: async (caller) => {
        if (caller === 'anonymous' || caller === 'unverified') return cookies[caller];
        const kind = caller === 'admin' ? { role: 'admin' as const, activeDays: 30 } : caller === 'lapsed' ? {} : { activeDays: 30 };
        return (await signedInUser(s, kind)).cookie;
      },
      studentId: student.id,
      newCoupon: async () =>
        (
          await db
            .insert(couponCodes)
            .values({ name: 'T', code: `T${randomUUID().slice(0, 8).toUpperCase()}`, duration: 1, durationType: 'days' })
            .returning()
        )[0]!.id,
      newUser: async () => (await createVerifiedUser(s.deps, { email: `t-${randomUUID()}@example.com`, password: 'secret1' })).id,
    };
  });
  afterAll(async () => s?.close());

  it('has a row for every route the app serves', () => {
    const app = createApp(s.deps, loadContent(process.cwd()).content);
    const ours = app.routes.filter((r) => r.method !== 'ALL' && r.path !== '/api/auth/*').map((r) => `${r.method} ${r.path}`);
    const routes = [...new Set([...ours, ...betterAuthRoutes(s.deps.auth.api)])];
    expect(routes.length).toBeGreaterThan(90);
    const missing = routes.filter((r) => !(r in MATRIX));
    expect(missing, 'routes without a row in the authorization matrix').toEqual([]);
  });

  it('closes every Better Auth path it does not list, and answers in the one error shape', async () => {
    for (const path of [
      '/api/auth/nope',
      '/api/auth/admin/nope',
      '/api/auth/sign-in/email/',
      '/api/auth//sign-in/email',
      '/api/auth/ADMIN/list-users',
    ]) {
      const res = await s.request(path, { method: 'POST', json: {}, cookie: cookies.admin });
      expect(res.status, path).toBe(404);
      expect((await res.json()).error.code, path).toBe('NOT_FOUND');
    }
  });

  for (const [route, row] of Object.entries(MATRIX))
    it(route, async () => {
      const got: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const { path, method, json, fresh } = await row.request(ctx);
        const cookie = fresh ? await ctx.freshCookie(caller) : cookies[caller];
        const res = await s.request(path, { method, json, cookie, headers: { origin: ORIGIN } });
        got[caller] = res.status;
        if (res.status >= 400) {
          const body = await res.json().catch(() => null);
          expect(body?.error?.message, `${route} as ${caller} answers the error shape`).toEqual(expect.any(String));
        }
      }
      expect(got).toEqual(row.expect);
    });
});
