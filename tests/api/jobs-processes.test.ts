import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns, scheduledJobs } from '../../src/server/db/schema';
import { startServer, STARTUP_MS, stopServer, tempDataDir, type ServerProcess } from '../helpers/server-process';
import { ORIGIN, startTestServer, type TestServer } from '../helpers/test-server';

// Jobs run once with two server processes on one PostgreSQL (docs/decisions/110-scheduled-jobs-on-our-own-table.md):
// two real server processes, started at the same moment on one database where readiness:validate is already due, both
// look for due jobs as they start; exactly one runs it. PGlite serves one process only, so without TEST_DATABASE_URL the
// suite is skipped (the single-process runs on PGlite are in jobs.test.ts).
const url = process.env.TEST_DATABASE_URL;
const title = url
  ? 'a due job with two server processes on one PostgreSQL database'
  : 'a due job with two server processes (skipped: set TEST_DATABASE_URL; PGlite serves one process only)';
/** a schedule that does not come round again during the test (1 January, 03:00 UTC) */
const YEARLY = '0 3 1 1 *';

describe.skipIf(!url)(title, () => {
  let s: TestServer;
  let procs: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(
    async () => {
      // the in-process server creates, migrates and seeds the suite's database; the processes find it ready
      s = await startTestServer('postgres');
      await s.deps.db
        .insert(scheduledJobs)
        .values({ name: 'readiness:validate', schedule: YEARLY, nextRunAt: new Date(s.deps.now().getTime() - 3_600_000) });
      const env = (dir: string) => ({
        NODE_ENV: 'test',
        DATABASE_URL: s.databaseUrl!,
        PUBLIC_URL: ORIGIN,
        AUTH_SECRET: s.config.authSecret,
        DATA_DIR: dir,
        JOB_READINESS_VALIDATE: YEARLY,
        LOG_LEVEL: 'info',
      });
      for (let i = 0; i < 2; i++) dirs.push(tempDataDir('jobs-processes-'));
      procs = await Promise.all(dirs.map((d) => startServer(env(d))));
    },
    2 * STARTUP_MS + 30_000,
  );

  afterAll(async () => {
    await Promise.all(procs.map((p) => stopServer(p)));
    await s?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is run by exactly one of them, once, and the schedule moves on to its next time', async () => {
    const runs = () => s.deps.db.select().from(jobRuns).where(eq(jobRuns.job, 'readiness:validate'));
    const deadline = Date.now() + 30_000;
    while (!(await runs()).some((r) => r.status !== 'running') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // both processes have looked (each looks as it starts, and each is up); give a late one time to do something wrong
    await new Promise((r) => setTimeout(r, 3_000));
    const all = await runs();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'ok', trigger: 'schedule', error: null });
    const pids = procs.map((p) => p.child.pid);
    expect(pids).toContain(Number(all[0]!.owner.split(':')[1]));
    const ran = procs.filter((p) => p.output().includes('"msg":"job finished"'));
    expect(ran).toHaveLength(1);
    expect(ran[0]!.output()).toContain('"job":"readiness:validate"');
    const [row] = await s.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'readiness:validate'));
    expect(row!.lockOwner).toBeNull();
    expect(row!.nextRunAt!.toISOString()).toMatch(/-01-01T03:00:00\.000Z$/);
  });
});
