import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { loadContent } from '../../src/server/content/load';
import { classResponse } from '../../src/shared/contracts/programs';
import { ORIGIN, signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The programs routes (decision 106) × the callers a class has: nobody, a student of the class, a student of another class,
 * the instructor of another class, the class's instructor, an administrator. Every /api/instructor and /api/classes route
 * the app serves needs a row here (the first test), as every route needs one in authorization-matrix.test.ts.
 */
type Caller = 'anonymous' | 'student' | 'otherClassStudent' | 'otherInstructor' | 'instructor' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'student', 'otherClassStudent', 'otherInstructor', 'instructor', 'admin'];

interface Ctx {
  classId: string;
  code: string;
  /** a class of `instructor`'s that the caller is in, new for each call (the caller may leave it) */
  joinedClass: (caller: Caller) => Promise<string>;
  /** a new class of `instructor`'s with a free seat, for a caller to join */
  freshCode: () => Promise<string>;
  /** a new assignment of the class (decision 111), for a caller to remove */
  freshAssignment: () => Promise<string>;
  /** the class's student */
  studentId: string;
  /** a new sitting the class recorded for a student of it (decision 112), for a caller to remove */
  freshOutcome: () => Promise<string>;
}
interface Row {
  request: (ctx: Ctx, caller: Caller) => Promise<{ path: string; method: string; json?: unknown }>;
  expect: Record<Caller, number>;
}

const CLASS = { name: 'EMT Basic', level: 'EMT', startDate: '2026-09-01', endDate: '2099-03-01', seats: 40, grantsAccessDays: null };
const ASSIGNMENT = { spec: { kind: 'exam', timed: true }, dueDate: '2099-01-01' };
const teaching = (own: number, other: number) => ({
  anonymous: 401,
  student: 403,
  otherClassStudent: 403,
  otherInstructor: other,
  instructor: own,
  admin: own,
});
const anyoneSignedIn = (status: number) => ({
  anonymous: 401,
  student: status,
  otherClassStudent: status,
  otherInstructor: status,
  instructor: status,
  admin: status,
});

const MATRIX: Record<string, Row> = {
  'GET /api/instructor/classes': { request: async () => ({ path: '/api/instructor/classes', method: 'GET' }), expect: teaching(200, 200) },
  'POST /api/instructor/classes': {
    request: async () => ({ path: '/api/instructor/classes', method: 'POST', json: CLASS }),
    expect: teaching(201, 201),
  },
  // another instructor's class does not exist for them
  'GET /api/instructor/classes/:id': {
    request: async (ctx) => ({ path: `/api/instructor/classes/${ctx.classId}`, method: 'GET' }),
    expect: teaching(200, 404),
  },
  'GET /api/instructor/classes/:id/assignments': {
    request: async (ctx) => ({ path: `/api/instructor/classes/${ctx.classId}/assignments`, method: 'GET' }),
    expect: teaching(200, 404),
  },
  'POST /api/instructor/classes/:id/assignments': {
    request: async (ctx) => ({ path: `/api/instructor/classes/${ctx.classId}/assignments`, method: 'POST', json: ASSIGNMENT }),
    expect: teaching(201, 404),
  },
  'DELETE /api/instructor/classes/:id/assignments/:assignmentId': {
    request: async (ctx) => ({
      path: `/api/instructor/classes/${ctx.classId}/assignments/${await ctx.freshAssignment()}`,
      method: 'DELETE',
    }),
    expect: teaching(204, 404),
  },
  'GET /api/instructor/classes/:id/outcomes': {
    request: async (ctx) => ({ path: `/api/instructor/classes/${ctx.classId}/outcomes`, method: 'GET' }),
    expect: teaching(200, 404),
  },
  // the class's student is the one whose sitting is recorded; each caller's attempt number is new
  'POST /api/instructor/classes/:id/outcomes': {
    request: async (ctx, caller) => ({
      path: `/api/instructor/classes/${ctx.classId}/outcomes`,
      method: 'POST',
      json: { userId: ctx.studentId, examDate: '2026-06-01', result: 'passed', attempt: CALLERS.indexOf(caller) + 1 },
    }),
    expect: teaching(201, 404),
  },
  'POST /api/instructor/classes/:id/outcomes/import': {
    request: async (ctx) => ({
      path: `/api/instructor/classes/${ctx.classId}/outcomes/import`,
      method: 'POST',
      json: { csv: 'email,level,date,result,attempt', dryRun: true },
    }),
    expect: teaching(200, 404),
  },
  'DELETE /api/instructor/classes/:id/outcomes/:resultId': {
    request: async (ctx) => ({ path: `/api/instructor/classes/${ctx.classId}/outcomes/${await ctx.freshOutcome()}`, method: 'DELETE' }),
    expect: teaching(204, 404),
  },
  'GET /api/classes': { request: async () => ({ path: '/api/classes', method: 'GET' }), expect: anyoneSignedIn(200) },
  'GET /api/classes/preview': {
    request: async (ctx) => ({ path: `/api/classes/preview?code=${await ctx.freshCode()}`, method: 'GET' }),
    expect: anyoneSignedIn(200),
  },
  'POST /api/classes/join': {
    request: async (ctx) => ({ path: '/api/classes/join', method: 'POST', json: { code: await ctx.freshCode() } }),
    expect: anyoneSignedIn(201),
  },
  // each caller leaves only a class they are in: the student leaves theirs, the others are in none of the class's
  'DELETE /api/classes/:id/membership': {
    request: async (ctx, caller) => ({
      path: `/api/classes/${caller === 'student' ? await ctx.joinedClass(caller) : ctx.classId}/membership`,
      method: 'DELETE',
    }),
    expect: { ...anyoneSignedIn(404), student: 204 },
  },
};

describe('authorization matrix: programs', () => {
  let s: TestServer;
  const cookies: Partial<Record<Caller, string>> = {};
  let ctx: Ctx;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    const users = {
      student: await signedInUser(s, { activeDays: 30 }),
      otherClassStudent: await signedInUser(s, { activeDays: 30 }),
      otherInstructor: await signedInUser(s, { role: 'instructor', activeDays: 30 }),
      instructor: await signedInUser(s, { role: 'instructor', activeDays: 30 }),
      admin: await signedInUser(s, { role: 'admin', activeDays: 30 }),
    };
    for (const [k, u] of Object.entries(users)) cookies[k as Caller] = u.cookie;
    const create = async (cookie: string) => {
      const res = await s.request('/api/instructor/classes', { method: 'POST', cookie, json: CLASS });
      expect(res.status).toBe(201);
      return classResponse.parse(await res.json()).class;
    };
    const join = async (cookie: string, code: string) =>
      expect((await s.request('/api/classes/join', { method: 'POST', cookie, json: { code, emailVisible: true } })).status).toBe(201);
    const mine = await create(users.instructor.cookie);
    const theirs = await create(users.otherInstructor.cookie);
    await join(users.student.cookie, mine.code);
    await join(users.otherClassStudent.cookie, theirs.code);
    ctx = {
      classId: mine.id,
      code: mine.code,
      freshCode: async () => (await create(users.instructor.cookie)).code,
      studentId: users.student.id,
      freshOutcome: async () => {
        // a new student of the class each time: a student has one sitting per attempt
        const u = await signedInUser(s, { activeDays: 30 });
        await join(u.cookie, mine.code);
        const res = await s.request(`/api/instructor/classes/${mine.id}/outcomes`, {
          method: 'POST',
          cookie: users.instructor.cookie,
          json: { userId: u.id, examDate: '2026-06-02', result: 'failed', attempt: 1 },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { outcome: { id: string } }).outcome.id;
      },
      freshAssignment: async () => {
        const res = await s.request(`/api/instructor/classes/${mine.id}/assignments`, {
          method: 'POST',
          cookie: users.instructor.cookie,
          json: ASSIGNMENT,
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { assignment: { id: string } }).assignment.id;
      },
      joinedClass: async (caller) => {
        const made = await create(users.instructor.cookie);
        await join(cookies[caller]!, made.code);
        return made.id;
      },
    };
  });
  afterAll(async () => s?.close());

  it('has a row for every programs route', () => {
    const app = createApp(s.deps, loadContent(process.cwd()).content);
    const routes = app.routes
      .filter((r) => r.method !== 'ALL' && /^\/api\/(instructor|classes)(\/|$)/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
  });

  it('an instructor of another class and a student of another class see nobody of this class', async () => {
    const res = await s.request(`/api/instructor/classes/${ctx.classId}`, { cookie: cookies.admin });
    const roster = (await res.json()).students as { email: string | null }[];
    expect(roster).toHaveLength(1);
    const other = await s.request('/api/instructor/classes', { cookie: cookies.otherInstructor });
    expect(JSON.stringify(await other.json())).not.toContain(ctx.code);
    expect((await s.request(`/api/instructor/classes/${randomUUID()}`, { cookie: cookies.instructor })).status).toBe(404);
  });

  for (const [route, row] of Object.entries(MATRIX))
    it(route, async () => {
      const got: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const { path, method, json } = await row.request(ctx, caller);
        const res = await s.request(path, { method, json, cookie: cookies[caller], headers: { origin: ORIGIN } });
        got[caller] = res.status;
        if (res.status >= 400) expect((await res.json())?.error?.message, `${route} as ${caller}`).toEqual(expect.any(String));
      }
      expect(got).toEqual(row.expect);
    });
});
