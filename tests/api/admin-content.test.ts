import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importQuestions } from '../../src/server/content/import';
import { loadQuestions } from '../../src/server/content/questions';
import { auditLog, questionAttempts, questionSessions, users } from '../../src/server/db/schema';
import { itemStatsResponse, myItemReportsResponse, type ItemStats, type QuestionReportView } from '../../src/shared/contracts/questions';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const fixture = loadQuestions(path.resolve('tests/fixtures/questions-starter'), path.resolve('media'));

// First-attempt 0/1 matrix of six students on five EMT items (null: not attempted). The expected
// point-biserial values were computed independently, in Python, with this script:
//
//   import math
//   M = {'s1': [1,1,1,1,1], 's2': [1,1,0,1,1], 's3': [0,1,0,0,None], 's4': [1,0,0,1,None],
//        's5': [0,0,1,0,None], 's6': [1,None,None,None,None]}
//   def pearson(xs, ys):
//       n = len(xs)
//       if n < 2: return None
//       mx, my = sum(xs)/n, sum(ys)/n
//       sxy = sum((x-mx)*(y-my) for x, y in zip(xs, ys))
//       sxx = sum((x-mx)**2 for x in xs); syy = sum((y-my)**2 for y in ys)
//       return None if sxx == 0 or syy == 0 else sxy / math.sqrt(sxx*syy)
//   for j in range(5):   # y = the student's proportion correct on their OTHER items; s6 has none
//       pairs = [(r[j], (sum(v for v in r if v is not None) - r[j]) / (sum(v is not None for v in r) - 1))
//                for r in M.values() if r[j] is not None and sum(v is not None for v in r) > 1]
//       print(pearson([p[0] for p in pairs], [p[1] for p in pairs]))
//
// printed 0.6389151433378876, 0.11730928305086634, -0.21004201260420147, 0.6389151433378876, None.
const ITEMS = ['emt-ssu-9001', 'emt-pa-9001', 'emt-pa-9002', 'emt-ptt-9001', 'emt-pa-9101'];
const MATRIX: (0 | 1 | null)[][] = [
  [1, 1, 1, 1, 1],
  [1, 1, 0, 1, 1],
  [0, 1, 0, 0, null],
  [1, 0, 0, 1, null],
  [0, 0, 1, 0, null],
  [1, null, null, null, null],
];
const EXPECTED_RPB = [0.6389151433378876, 0.11730928305086634, -0.21004201260420147, 0.6389151433378876, null];

describe.each(testDatabases())('admin content API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
    await importQuestions(s.deps.database.db, fixture.questions);
  });
  afterAll(async () => s?.close());

  /** Students and their attempts written straight to the tables (the API path has its own tests). */
  async function seedAttempts(rows: { item: string; correct: boolean; timeMs: number }[][]) {
    const db = s.deps.database.db;
    for (const attempts of rows) {
      const id = randomUUID();
      await db.insert(users).values({ id, name: 'Student', email: `${id}@example.com`, emailVerified: true, courseLevel: 'EMT' });
      const items = [...new Set(attempts.map((a) => a.item))];
      // one session per attempt of an item (a retry is a later session)
      let t = Date.parse('2026-01-01T00:00:00Z');
      for (const a of attempts) {
        const [session] = await db
          .insert(questionSessions)
          .values({ userId: id, level: 'EMT', mode: 'tutor', settings: {}, items: items.map((key) => ({ key, perm: [0, 1, 2, 3] })) })
          .returning();
        await db.insert(questionAttempts).values({
          sessionId: session!.id,
          userId: id,
          itemKey: a.item,
          answer: { choice: 'a' },
          correct: a.correct,
          timeMs: a.timeMs,
          mode: 'tutor',
          clientId: randomUUID(),
          createdAt: new Date((t += 60_000)),
        });
      }
    }
  }

  /** Every item's statistics, page after page. */
  const allStats = async (cookie: string): Promise<ItemStats[]> => {
    const items: ItemStats[] = [];
    for (let page = 1; ; page++) {
      const res = await s.request(`/api/admin/content/stats?page=${page}`, { cookie });
      expect(res.status).toBe(200);
      const body = itemStatsResponse.parse(await res.json());
      items.push(...body.items);
      if (items.length >= body.total) return items;
    }
  };

  it('is for administrators only (401 visitor, 403 student)', async () => {
    const student = await signedInUser(s, { courseLevel: 'Both', activeDays: 30 });
    for (const [method, p] of [
      ['GET', '/api/admin/content/reports'],
      ['GET', '/api/admin/content/stats'],
      ['PATCH', `/api/admin/content/reports/${randomUUID()}`],
    ] as const) {
      expect((await s.request(p, { method, json: method === 'PATCH' ? { status: 'resolved' } : undefined })).status).toBe(401);
      const res = await s.request(p, { method, cookie: student.cookie, json: method === 'PATCH' ? { status: 'resolved' } : undefined });
      expect(res.status).toBe(403);
    }
  });

  it('lists reports with their item, open first; resolving and reopening are audited', async () => {
    const admin = await signedInUser(s, { role: 'admin' });
    const student = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    for (const [itemKey, text] of [
      ['emt-ssu-9001', 'First report'],
      ['emt-pa-9001', 'Second report'],
    ])
      expect(
        (
          await s.request('/api/questions/reports', {
            method: 'POST',
            cookie: student.cookie,
            json: { itemKey, reason: 'incorrect', text },
          })
        ).status,
      ).toBe(201);
    const list = async (q = '') => {
      const res = await s.request(`/api/admin/content/reports${q}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return ((await res.json()) as { reports: QuestionReportView[] }).reports;
    };
    const open = await list();
    expect(open.map((r) => r.text)).toEqual(['Second report', 'First report']);
    expect(open[1]).toMatchObject({
      itemKey: 'emt-ssu-9001',
      level: 'EMT',
      stem: fixture.questions.items.find((i) => i.key === 'emt-ssu-9001')!.stem,
      reason: 'incorrect',
      status: 'open',
      reporter: student.email,
      resolvedAt: null,
    });
    // the item beside the student's words: every option with its key and rationale, and the reference, as the bank has it
    const source = fixture.questions.items.find((i) => i.key === 'emt-ssu-9001')!;
    expect(open[1]!.item).toEqual({
      type: source.type,
      options: source.options.map((o) => ({
        text: o.text,
        correct: o.correct ?? null,
        position: o.position ?? null,
        category: o.category ?? null,
        rationale: o.rationale,
      })),
      reference: source.reference,
    });
    const first = open[1]!;
    const patch = (status: string) =>
      s.request(`/api/admin/content/reports/${first.id}`, { method: 'PATCH', cookie: admin.cookie, json: { status } });
    const resolved = await patch('resolved');
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as { report: QuestionReportView }).report).toMatchObject({
      status: 'resolved',
      resolvedBy: admin.email,
    });
    expect((await list()).map((r) => [r.text, r.status])).toEqual([
      ['Second report', 'open'],
      ['First report', 'resolved'],
    ]);
    expect((await list('?status=resolved')).map((r) => r.text)).toEqual(['First report']);
    expect((await list('?status=open')).map((r) => r.text)).toEqual(['Second report']);
    expect((await patch('open')).status).toBe(200);
    expect((await list('?status=open')).map((r) => r.text)).toEqual(['Second report', 'First report']);
    const trail = await s.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, first.id));
    expect(trail.map((e) => [e.action, e.actorEmail, e.targetType, e.targetLabel])).toEqual([
      ['question_report.resolve', admin.email, 'question_report', 'emt-ssu-9001'],
      ['question_report.reopen', admin.email, 'question_report', 'emt-ssu-9001'],
    ]);
    expect((await patch('closed')).status).toBe(400);
    expect(
      (
        await s.request(`/api/admin/content/reports/${randomUUID()}`, {
          method: 'PATCH',
          cookie: admin.cookie,
          json: { status: 'resolved' },
        })
      ).status,
    ).toBe(404);
  });

  it('an administrator answers a report (audited); the reporter reads the answer on the item, nobody else does', async () => {
    const admin = await signedInUser(s, { role: 'admin' });
    const student = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const other = await signedInUser(s, { courseLevel: 'EMT', activeDays: 30 });
    const itemKey = 'emt-ssu-9001';
    const filed = await s.request('/api/questions/reports', {
      method: 'POST',
      cookie: student.cookie,
      json: { itemKey, reason: 'incorrect', text: 'B is also right' },
    });
    expect(filed.status).toBe(201);
    const mine = async (cookie: string) => {
      const res = await s.request(`/api/questions/reports/${itemKey}`, { cookie });
      expect(res.status).toBe(200);
      return myItemReportsResponse.parse(await res.json()).reports;
    };
    expect((await mine(student.cookie)).map((r) => [r.text, r.reply])).toEqual([['B is also right', null]]);
    const [report] = (
      (await (await s.request('/api/admin/content/reports', { cookie: admin.cookie })).json()) as {
        reports: QuestionReportView[];
      }
    ).reports;
    const reply = (text: unknown) =>
      s.request(`/api/admin/content/reports/${report!.id}/reply`, { method: 'PUT', cookie: admin.cookie, json: { reply: text } });
    // a blank answer is refused on its field
    const blank = await reply('   ');
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: { issues: { path: string; message: string }[] } }).error.issues).toEqual([
      { path: 'reply', message: 'Write the answer to the student.' },
    ]);
    expect((await reply('x'.repeat(1001))).status).toBe(400);
    const answered = await reply('  Thank you: B was defensible, and the stem now asks for the first action.  ');
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { report: QuestionReportView }).report).toMatchObject({
      reply: 'Thank you: B was defensible, and the stem now asks for the first action.',
      repliedBy: admin.email,
      status: 'open',
    });
    const [seen] = await mine(student.cookie);
    expect(seen).toMatchObject({ reply: 'Thank you: B was defensible, and the stem now asks for the first action.' });
    expect(Date.parse(seen!.repliedAt!)).not.toBeNaN();
    // another student sees no one else's report, and an item they may not see is the same 404 as an unknown one
    expect(await mine(other.cookie)).toEqual([]);
    const para = await signedInUser(s, { courseLevel: 'Paramedic', activeDays: 30 });
    const refused = await s.request(`/api/questions/reports/${itemKey}`, { cookie: para.cookie });
    const unknown = await s.request('/api/questions/reports/no-such-item', { cookie: para.cookie });
    expect([refused.status, unknown.status]).toEqual([404, 404]);
    expect(await refused.json()).toEqual(await unknown.json());
    // the same answer again changes nothing and writes no second audit record
    expect((await reply('Thank you: B was defensible, and the stem now asks for the first action.')).status).toBe(200);
    const trail = await s.deps.database.db.select().from(auditLog).where(eq(auditLog.targetId, report!.id));
    expect(trail.map((e) => [e.action, e.actorEmail, e.targetLabel])).toEqual([['question_report.reply', admin.email, itemKey]]);
    expect(
      (await s.request(`/api/admin/content/reports/${randomUUID()}/reply`, { method: 'PUT', cookie: admin.cookie, json: { reply: 'Hi' } }))
        .status,
    ).toBe(404);
  });

  it('computes attempts, percent correct, average time and the point-biserial over first attempts', async () => {
    await seedAttempts(
      MATRIX.map((row, si) =>
        row.flatMap((x, j) => (x === null ? [] : [{ item: ITEMS[j]!, correct: x === 1, timeMs: 1000 * (j + 1) + si * 100 }])),
      ),
    );
    // a retry: s3's second attempt at item 0 is right; only first attempts count (one student repeating an item moves nothing)
    const db = s.deps.database.db;
    const [s3] = await db
      .select({ userId: questionAttempts.userId })
      .from(questionAttempts)
      .where(eq(questionAttempts.timeMs, 1000 + 200));
    const [sess] = await db
      .insert(questionSessions)
      .values({ userId: s3!.userId, level: 'EMT', mode: 'timed', settings: {}, items: [{ key: ITEMS[0]!, perm: [0, 1, 2, 3] }] })
      .returning();
    await db.insert(questionAttempts).values({
      sessionId: sess!.id,
      userId: s3!.userId,
      itemKey: ITEMS[0]!,
      answer: { choice: 'b' },
      correct: true,
      timeMs: 3000,
      mode: 'timed',
      clientId: randomUUID(),
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });

    const admin = await signedInUser(s, { role: 'admin' });
    const items = await allStats(admin.cookie);
    const by = new Map(items.map((i) => [i.key, i]));
    for (const item of fixture.questions.items) expect(by.has(item.key), item.key).toBe(true);
    ITEMS.forEach((key, j) => {
      const rpb = EXPECTED_RPB[j] ?? null;
      if (rpb === null) expect(by.get(key)!.pointBiserial, key).toBeNull();
      else expect(by.get(key)!.pointBiserial, key).toBeCloseTo(rpb, 10);
    });
    // item 0: six first attempts, 4 right; s3's right retry is not counted
    expect(by.get(ITEMS[0]!)).toMatchObject({ attempts: 6, flaggedForReview: false });
    expect(by.get(ITEMS[0]!)!.percentCorrect).toBeCloseTo((100 * 4) / 6, 10);
    // times of item 0's first attempts: 1000 + 100*si for si 0..5
    expect(by.get(ITEMS[0]!)!.avgTimeMs).toBe(Math.round((6 * 1000 + 100 * (0 + 1 + 2 + 3 + 4 + 5)) / 6));
    expect(by.get('emt-pa-9101')).toMatchObject({ attempts: 2, percentCorrect: 100, pointBiserial: null });
    expect(by.get('para-card-9001')).toMatchObject({ attempts: 0, percentCorrect: null, pointBiserial: null, avgTimeMs: null });
  });

  it('flags an item for review after 30 attempts when nearly everyone gets it right, not at 29', async () => {
    await seedAttempts(Array.from({ length: 30 }, () => [{ item: 'emt-sa-9001', correct: true, timeMs: 2000 }]));
    await seedAttempts(Array.from({ length: 29 }, () => [{ item: 'emt-ops-9001', correct: true, timeMs: 2000 }]));
    const admin = await signedInUser(s, { role: 'admin' });
    const items = await allStats(admin.cookie);
    const by = new Map(items.map((i) => [i.key, i]));
    expect(by.get('emt-sa-9001')).toMatchObject({ attempts: 30, percentCorrect: 100, flaggedForReview: true });
    expect(by.get('emt-ops-9001')).toMatchObject({ attempts: 29, percentCorrect: 100, flaggedForReview: false });
  });

  it('pages, filters and sorts the statistics on the server, and refuses a bad filter on its field', async () => {
    const admin = await signedInUser(s, { role: 'admin' });
    const page = async (query: string) => {
      const res = await s.request(`/api/admin/content/stats?${query}`, { cookie: admin.cookie });
      expect(res.status, await res.clone().text()).toBe(200);
      return itemStatsResponse.parse(await res.json());
    };
    const all = await allStats(admin.cookie);
    const first = await page('');
    expect(first.pageSize).toBe(50);
    expect(first.total).toBe(all.length);
    expect(first.bank).toBe(all.length);
    expect(first.items.length).toBe(Math.min(50, all.length));
    // a level, a domain, a type, the flagged ones and a word: exactly the items that match, counted across pages
    const emt = await page('level=EMT');
    expect(emt.total).toBe(all.filter((i) => i.level === 'EMT').length);
    expect(emt.domains).toEqual([...new Set(all.filter((i) => i.level === 'EMT').map((i) => i.domain))].sort());
    const domain = emt.domains[0]!;
    const byDomainType = await page(`level=EMT&domain=${encodeURIComponent(domain)}&type=single`);
    expect(byDomainType.items.map((i) => i.key).sort()).toEqual(
      all
        .filter((i) => i.level === 'EMT' && i.domain === domain && i.type === 'single')
        .map((i) => i.key)
        .sort()
        .slice(0, 50),
    );
    const flagged = await page('flagged=true');
    expect(flagged.total).toBe(all.filter((i) => i.flaggedForReview).length);
    expect(flagged.items.every((i) => i.flaggedForReview)).toBe(true);
    const word = all[0]!.key.slice(0, 6).toUpperCase();
    expect((await page(`q=${word}`)).total).toBe(all.filter((i) => i.key.toLowerCase().includes(word.toLowerCase())).length);
    // sorted by attempts, most first, ties by key; items without a value last in both directions
    const byAttempts = await page('sort=attempts&dir=desc');
    const expected = [...all].sort((a, b) => b.attempts - a.attempts || (a.key < b.key ? -1 : 1)).slice(0, 50);
    expect(byAttempts.items.map((i) => i.key)).toEqual(expected.map((i) => i.key));
    for (const dir of ['asc', 'desc']) {
      const keys = (await page(`sort=percentCorrect&dir=${dir}&level=EMT`)).items.map((i) => i.percentCorrect);
      const firstNull = keys.indexOf(null);
      if (firstNull >= 0) expect(keys.slice(firstNull).every((k) => k === null)).toBe(true);
    }
    // beyond the last page: an empty page, the totals kept
    const beyond = await page(`page=${Math.ceil(all.length / 50) + 1}`);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(all.length);
    for (const [query, field] of [
      ['level=ALS', 'level'],
      ['type=essay', 'type'],
      ['sort=stem', 'sort'],
      ['page=0', 'page'],
      ['flagged=yes', 'flagged'],
    ] as const) {
      const res = await s.request(`/api/admin/content/stats?${query}`, { cookie: admin.cookie });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; issues: { path: string }[] } };
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.issues.map((i) => i.path)).toContain(field);
    }
  });
});
