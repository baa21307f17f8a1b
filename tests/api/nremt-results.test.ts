import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nremtImportResponse, nremtResultListResponse, nremtResultResponse } from '../../src/shared/contracts/nremt-results';
import { auditLog, nremtResults } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

const report = { level: 'EMT', examDate: '2026-11-20', result: 'passed', attempt: 1 };

describe.each(testDatabases())('NREMT results API on %s', (kind) => {
  let s: TestServer;
  let student: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => {
    await s.reset();
    await s.deps.database.db.delete(nremtResults);
    student = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    other = await signedInUser(s, { activeDays: 30 });
    admin = await signedInUser(s, { role: 'admin', activeDays: 30 });
  });

  const post = (cookie: string, json: unknown) => s.request('/api/nremt-results', { method: 'POST', cookie, json });
  const list = async (cookie: string) => {
    const res = await s.request('/api/nremt-results', { cookie });
    expect(res.status).toBe(200);
    return nremtResultListResponse.parse(await res.json()).results;
  };
  const importCsv = (csv: string, dryRun: boolean) =>
    s.request('/api/admin/nremt-results/import', { method: 'POST', cookie: admin.cookie, json: { csv, dryRun } });

  it('stores, edits and deletes a report; each student sees only their own, administrators all', async () => {
    const res = await post(student.cookie, report);
    expect(res.status).toBe(201);
    const { result } = nremtResultResponse.parse(await res.json());
    expect(result).toMatchObject({ ...report, source: 'student' });
    await post(other.cookie, { ...report, level: 'Paramedic', result: 'failed' });

    expect((await list(student.cookie)).map((r) => r.id)).toEqual([result.id]);
    expect(await list(other.cookie)).toHaveLength(1);
    expect((await list(other.cookie))[0]!.id).not.toBe(result.id);

    // another student can neither change nor delete it: it answers as if it did not exist
    const path = `/api/nremt-results/${result.id}`;
    expect((await s.request(path, { method: 'PUT', cookie: other.cookie, json: { ...report, result: 'failed' } })).status).toBe(404);
    expect((await s.request(path, { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await list(student.cookie))[0]!.result).toBe('passed');

    const all = await (await s.request('/api/admin/nremt-results', { cookie: admin.cookie })).json();
    expect(all.total).toBe(2);
    expect(all.results.map((r: { email: string }) => r.email).sort()).toEqual([student.email, other.email].sort());
    expect((await s.request('/api/admin/nremt-results', { cookie: student.cookie })).status).toBe(403);
    expect((await s.request('/api/admin/nremt-results?level=Paramedic', { cookie: admin.cookie }).then((r) => r.json())).total).toBe(1);

    const edited = await s.request(path, {
      method: 'PUT',
      cookie: student.cookie,
      json: { ...report, examDate: '2026-11-21', attempt: 2 },
    });
    expect(edited.status).toBe(200);
    expect(nremtResultResponse.parse(await edited.json()).result).toMatchObject({ examDate: '2026-11-21', attempt: 2 });
    expect((await s.request(path, { method: 'DELETE', cookie: student.cookie })).status).toBe(204);
    expect(await list(student.cookie)).toEqual([]);
    expect((await s.request(path, { method: 'DELETE', cookie: student.cookie })).status).toBe(404);
  });

  it('is open to a student whose subscription ended (the sitting usually comes after), never to the signed-out', async () => {
    const lapsed = await signedInUser(s);
    expect((await post(lapsed.cookie, report)).status).toBe(201);
    expect((await s.request('/api/nremt-results')).status).toBe(401);
  });

  it('refuses a bad report with each problem on its field', async () => {
    const res = await post(student.cookie, { level: 'AEMT', examDate: '2026-02-30', result: 'maybe', attempt: 7 });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    const byField = Object.fromEntries(error.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byField).toEqual({
      level: 'Choose the exam you sat',
      examDate: 'Enter the date as a real day (YYYY-MM-DD)',
      result: 'Choose passed or did not pass',
      attempt: 'The NREMT allows at most 6 attempts',
    });
    expect(error.message).toBe('Choose the exam you sat');
    const missing = await (await post(student.cookie, {})).json();
    expect(missing.error.issues.map((i: { path: string }) => i.path).sort()).toEqual(['attempt', 'examDate', 'level', 'result']);
    const extra = await post(student.cookie, { ...report, userId: other.id });
    expect(extra.status).toBe(400);
  });

  it('refuses a date in the future by the server clock, and a second report of the same attempt', async () => {
    const future = await post(student.cookie, { ...report, examDate: '2099-01-01' });
    expect(future.status).toBe(400);
    expect((await future.json()).error.issues).toEqual([{ path: 'examDate', message: 'The exam date cannot be in the future' }]);
    // the latest zone's today is accepted
    const today = new Date(s.deps.now().getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
    expect((await post(student.cookie, { ...report, examDate: today })).status).toBe(201);
    const again = await post(student.cookie, { ...report, examDate: '2026-10-01' });
    expect(again.status).toBe(409);
    expect((await again.json()).error.issues).toEqual([{ path: 'attempt', message: 'Attempt 1 at the EMT exam is already reported' }]);
  });

  it('dry-runs a CSV import: every row with its match and its problems, nothing written', async () => {
    await post(student.cookie, report);
    const csv = [
      'Email,Level,Date,Result,Attempt',
      `${student.email.toUpperCase()},emt,11/20/2026,Pass,1`, // the same as reported: left alone
      `${student.email},EMT,2026-11-25,failed,2`,
      `${other.email},Paramedic,2026-11-01,did not pass,1`,
      'nobody@example.com,EMT,2026-11-01,passed,1',
      `${other.email},AEMT,2026-13-01,maybe,9`,
      `"${other.email}",Paramedic,2026-11-15,passed,1`, // the same attempt as line 4
      '',
    ].join('\r\n');
    const res = await importCsv(csv, true);
    expect(res.status).toBe(200);
    const out = nremtImportResponse.parse(await res.json());
    expect(out.counts).toEqual({ rows: 6, new: 2, same: 1, errors: 3 });
    expect(out.written).toBe(0);
    expect(out.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'same'],
      [3, 'new'],
      [4, 'new'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(out.rows[0]!.match).toEqual({ userId: student.id, name: expect.any(String) });
    expect(out.rows[3]!).toMatchObject({
      match: null,
      errors: [{ field: 'email', message: 'No MedicPrep account has this e-mail address' }],
    });
    expect(out.rows[4]!.errors.map((e) => e.field)).toEqual(['level', 'date', 'result', 'attempt']);
    expect(out.rows[5]!.errors).toEqual([{ field: 'attempt', message: 'Line 4 already gives attempt 1 at Paramedic for this student' }]);
    expect(await s.deps.database.db.select().from(nremtResults)).toHaveLength(1);
  });

  it('writes nothing when any row has a problem, and everything in one go when none has', async () => {
    const good = `${student.email},EMT,2026-11-20,passed,1`;
    const bad = await importCsv(['email,level,date,result,attempt', good, 'nobody@example.com,EMT,2026-11-01,passed,1'].join('\n'), false);
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error.message).toBe('Nothing was imported: 1 row has problems. Check the file again.');
    expect(error.issues).toEqual([{ path: 'rows.3.email', message: 'No MedicPrep account has this e-mail address' }]);
    expect(await s.deps.database.db.select().from(nremtResults)).toHaveLength(0);
    expect(await s.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'nremt_result.import'))).toHaveLength(0);

    const csv = [
      'attempt,result,date,level,email,program',
      `1,passed,2026-11-20,EMT,${student.email},North`,
      `2,failed,2026-10-02,Paramedic,${other.email},North`,
    ].join('\n');
    const res = await importCsv(csv, false);
    expect(res.status).toBe(200);
    expect(nremtImportResponse.parse(await res.json())).toMatchObject({ dryRun: false, written: 2, counts: { new: 2, errors: 0 } });
    expect((await list(student.cookie))[0]).toMatchObject({ ...report, source: 'import' });
    const [entry] = await s.deps.database.db.select().from(auditLog).where(eq(auditLog.action, 'nremt_result.import'));
    expect(entry).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetType: 'nremt_results' });
    expect(entry!.after).toMatchObject({ written: 2, students: 2 });
    // the same file again adds nothing
    const again = nremtImportResponse.parse(await (await importCsv(csv, false)).json());
    expect(again).toMatchObject({ written: 0, counts: { same: 2 } });
  });

  it('refuses a file without the columns, and is for administrators only', async () => {
    const res = await importCsv('email,level,date\nx@example.com,EMT,2026-01-01', true);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(
      'The first line must name the columns email, level, date, result, attempt (missing: result, attempt)',
    );
    const denied = await s.request('/api/admin/nremt-results/import', {
      method: 'POST',
      cookie: student.cookie,
      json: { csv: 'a', dryRun: true },
    });
    expect(denied.status).toBe(403);
  });
});
