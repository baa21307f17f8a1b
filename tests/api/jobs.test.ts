import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobsResponse, runJobResponse } from '../../src/shared/contracts/jobs';
import { openDatabase, type Database } from '../../src/server/db/client';
import { auditLog, jobRuns, scheduledJobs } from '../../src/server/db/schema';
import { createScheduler, JobBusyError, type JobDefinition, type Scheduler } from '../../src/server/jobs/scheduler';
import { createLogger } from '../../src/server/lib/logger';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The scheduled jobs (docs/decisions/110-scheduled-jobs-on-our-own-table.md): a due job runs once, a failed run is recorded
// with its error, a run left by a stopped process is taken over, two schedulers on their own connection pools to one
// PostgreSQL run a due job exactly once, and the admin routes show and start the product's jobs.

const log = createLogger('silent');
const MINUTE = 60_000;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job that counts its runs and reports a line; `gate` holds a run open until released. */
function countingJob(name: string, opts: { fail?: string; holdMs?: number; gate?: Promise<void> } = {}) {
  const state = { runs: 0 };
  const def: JobDefinition = {
    name,
    title: name,
    description: 'a test job',
    run: async (report) => {
      state.runs++;
      report(`run ${state.runs} started`);
      if (opts.holdMs) await tick(opts.holdMs);
      if (opts.gate) await opts.gate;
      if (opts.fail) throw new Error(opts.fail);
      report(`${state.runs} runs so far`);
    },
  };
  return { def, state };
}

for (const kind of testDatabases()) {
  describe(`scheduled jobs on one process (${kind})`, () => {
    let s: TestServer;
    let n = 0;
    const jobName = () => `test:job-${kind}-${++n}`;
    const made: Scheduler[] = [];
    const scheduler = (
      def: JobDefinition,
      schedule: string | null,
      extra: { staleMs?: number; heartbeatMs?: number; active?: boolean } = {},
    ) => {
      const sch = createScheduler({ db: s.deps.db, log, now: s.deps.now, jobs: [def], schedules: { [def.name]: schedule }, ...extra });
      made.push(sch);
      return sch;
    };
    const runsOf = (name: string) => s.deps.db.select().from(jobRuns).where(eq(jobRuns.job, name)).orderBy(jobRuns.id);
    const rowOf = async (name: string) => (await s.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0]!;

    beforeAll(async () => {
      s = await startTestServer(kind);
    }, 120_000);
    afterAll(async () => {
      for (const m of made) await m.stop();
      await s?.close();
    });

    it('runs a weekly job once when it falls due, records the run, and moves the next run a week on', async () => {
      const { def, state } = countingJob(jobName());
      const sch = scheduler(def, '0 3 * * 0');
      await sch.register();
      const next = (await rowOf(def.name)).nextRunAt!;
      expect(next.getUTCDay()).toBe(0);
      expect(next.getUTCHours()).toBe(3);
      await sch.drain();
      expect(state.runs).toBe(0); // not due yet
      s.advanceClock(next.getTime() - s.deps.now().getTime() + MINUTE);
      await sch.drain();
      await sch.drain();
      expect(state.runs).toBe(1);
      const [run] = await runsOf(def.name);
      expect(run).toMatchObject({ trigger: 'schedule', status: 'ok', error: null, summary: ['run 1 started', '1 runs so far'] });
      expect(run!.finishedAt).not.toBeNull();
      expect(run!.durationMs).toBeGreaterThanOrEqual(0);
      const row = await rowOf(def.name);
      expect(row.nextRunAt!.getTime() - next.getTime()).toBe(7 * 24 * 60 * MINUTE);
      expect(row.lockOwner).toBeNull();
    });

    it('records a failed run with its error, frees the lock and waits for the next scheduled time', async () => {
      const { def, state } = countingJob(jobName(), { fail: 'the optimiser ran out of memory' });
      const sch = scheduler(def, '0 4 1 * *');
      await sch.register();
      const next = (await rowOf(def.name)).nextRunAt!;
      s.advanceClock(next.getTime() - s.deps.now().getTime() + MINUTE);
      await sch.drain();
      await sch.drain();
      expect(state.runs).toBe(1);
      const [run] = await runsOf(def.name);
      expect(run).toMatchObject({ status: 'failed', error: 'the optimiser ran out of memory', summary: ['run 1 started'] });
      const row = await rowOf(def.name);
      expect(row.lockOwner).toBeNull();
      expect(row.nextRunAt!.getUTCDate()).toBe(1);
      expect(row.nextRunAt!.getTime()).toBeGreaterThan(next.getTime());
    });

    it('takes over a run whose process stopped (stale heartbeat): that run is marked failed and the job runs again', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const name = jobName();
      const stuck = countingJob(name, { gate });
      const later = countingJob(name);
      // the first process claims the job (asked by hand) and then stops beating: its heartbeat is far slower than the limit
      const a = scheduler(stuck.def, null, { heartbeatMs: 3_600_000, staleMs: 5 * MINUTE });
      await a.register();
      expect(await a.request(name, 'admin-id')).toBe(true);
      while ((await runsOf(name)).length === 0) await tick(10);
      const b = scheduler(later.def, null, { staleMs: 5 * MINUTE });
      await b.drain();
      expect(later.state.runs).toBe(0); // the lock is fresh: not taken
      expect(await b.request(name, 'admin-id')).toBe(false); // and "Run now" says it is running
      s.advanceClock(6 * MINUTE);
      await b.drain();
      expect(later.state.runs).toBe(1);
      const runs = await runsOf(name);
      expect(runs.map((r) => [r.trigger, r.status])).toEqual([
        ['manual', 'failed'],
        ['resumed', 'ok'],
      ]);
      expect(runs[0]!.error).toMatch(/stopped: no heartbeat since/);
      expect(runs[0]!.requestedBy).toBe('admin-id');
      // the first process wakes up and finishes: it neither rewrites the run taken from it nor frees a lock it no longer holds
      release();
      await a.drain();
      expect((await runsOf(name)).map((r) => r.status)).toEqual(['failed', 'ok']);
      expect((await rowOf(name)).lockOwner).toBeNull();
    });

    it('"Run now" for a job with no schedule runs it once, and a command run waits for no schedule either', async () => {
      const { def, state } = countingJob(jobName());
      const sch = scheduler(def, null);
      await sch.register();
      expect((await rowOf(def.name)).nextRunAt).toBeNull();
      await sch.drain();
      expect(state.runs).toBe(0);
      expect(await sch.request(def.name, 'someone')).toBe(true);
      await sch.drain();
      expect(state.runs).toBe(1);
      const outcome = await sch.runExclusive(def.name, async (report) => report('from the command line'));
      expect(outcome).toMatchObject({ status: 'ok', summary: ['from the command line'] });
      expect((await runsOf(def.name)).map((r) => r.trigger)).toEqual(['manual', 'command']);
    });

    it('the command line is refused while another process runs the job, and runs once it has finished', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const { def } = countingJob(jobName(), { gate });
      const server = scheduler(def, null);
      await server.register();
      await server.request(def.name, 'someone');
      while ((await runsOf(def.name)).length === 0) await tick(10);
      const command = scheduler(def, null);
      await expect(command.runExclusive(def.name, async () => {})).rejects.toThrow(JobBusyError);
      release();
      await server.drain();
      expect((await command.runExclusive(def.name, async (report) => report('done'))).status).toBe('ok');
      expect((await runsOf(def.name)).map((r) => [r.trigger, r.status])).toEqual([
        ['manual', 'ok'],
        ['command', 'ok'],
      ]);
    });

    it('a process with JOBS=off runs nothing, not even "Run now": it records the request, and a process that runs jobs takes it', async () => {
      const { def, state } = countingJob(jobName());
      const off = scheduler(def, '* * * * *', { active: false });
      await off.register();
      s.advanceClock(2 * MINUTE);
      expect(await off.request(def.name, 'someone')).toBe(true);
      await off.drain();
      await off.start();
      expect(state.runs).toBe(0);
      expect((await rowOf(def.name)).runRequestedAt).not.toBeNull();
      const on = scheduler(def, '* * * * *');
      await on.drain();
      expect(state.runs).toBe(1);
      expect((await runsOf(def.name)).map((r) => r.trigger)).toEqual(['manual']);
      expect((await rowOf(def.name)).runRequestedAt).toBeNull();
    });
  });

  describe(`the admin's jobs screen API (${kind})`, () => {
    let s: TestServer;
    let admin: { id: string; cookie: string };
    beforeAll(async () => {
      s = await startTestServer(kind);
    }, 120_000);
    beforeEach(async () => {
      await s.reset();
      await s.deps.db.delete(jobRuns);
      admin = await signedInUser(s, { role: 'admin' });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('lists the three jobs with their schedules (off under NODE_ENV=test) and no runs', async () => {
      const res = await s.request('/api/admin/jobs', { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const body = jobsResponse.parse(await res.json());
      expect(body.jobs.map((j) => j.name)).toEqual(['srs:optimize', 'items:calibrate', 'readiness:validate']);
      for (const j of body.jobs) expect(j).toMatchObject({ schedule: null, nextRunAt: null, running: null, runs: [] });
      expect(body.jobs[0]!.scheduleText).toBe('Off: runs only when started by hand');
    });

    it('"Run now" runs readiness:validate in this process, records the figures it prints and who asked, and audits it', async () => {
      const res = await s.request('/api/admin/jobs/readiness:validate/run', { method: 'POST', json: {}, cookie: admin.cookie });
      expect(res.status).toBe(202);
      const accepted = runJobResponse.parse(await res.json());
      expect(accepted.job.name).toBe('readiness:validate');
      await s.deps.jobs.drain();
      const body = jobsResponse.parse(await (await s.request('/api/admin/jobs', { cookie: admin.cookie })).json());
      const job = body.jobs.find((j) => j.name === 'readiness:validate')!;
      expect(job.running).toBeNull();
      expect(job.requestedAt).toBeNull();
      expect(job.runs).toHaveLength(1);
      const run = job.runs[0]!;
      expect(run).toMatchObject({ trigger: 'manual', status: 'ok', error: null });
      expect(run.requestedBy).toMatch(/^Test User\d+$/);
      expect(run.summary.filter((l) => /^(EMT|Paramedic): \d+ reported results$/.test(l))).toHaveLength(2);
      expect(run.summary).toContain('  student screens: verdict bands (the model needs N ≥ 200 and held-out ECE ≤ 0.05)');
      expect(run.owner).toMatch(/^[^:]+:\d+$/);
      const audits = await s.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'job.run_requested'), eq(auditLog.actorId, admin.id)));
      expect(audits.map((a) => a.targetId)).toEqual(['readiness:validate']);
    });

    it('answers 409 while the job is running and 404 for a job that does not exist', async () => {
      // hold the job's lock as a running process would
      await s.deps.jobs.register();
      await s.deps.db
        .update(scheduledJobs)
        .set({ lockOwner: 'other-host:1:abc', heartbeatAt: s.deps.now() })
        .where(eq(scheduledJobs.name, 'items:calibrate'));
      try {
        const busy = await s.request('/api/admin/jobs/items:calibrate/run', { method: 'POST', json: {}, cookie: admin.cookie });
        expect(busy.status).toBe(409);
        expect((await busy.json()).error.code).toBe('CONFLICT');
      } finally {
        await s.deps.db.update(scheduledJobs).set({ lockOwner: null, heartbeatAt: null }).where(eq(scheduledJobs.name, 'items:calibrate'));
      }
      const none = await s.request('/api/admin/jobs/rm-rf/run', { method: 'POST', json: {}, cookie: admin.cookie });
      expect(none.status).toBe(404);
    });

    it('is for administrators only', async () => {
      const student = await signedInUser(s);
      expect((await s.request('/api/admin/jobs', { cookie: student.cookie })).status).toBe(403);
      expect((await s.request('/api/admin/jobs/srs:optimize/run', { method: 'POST', json: {}, cookie: student.cookie })).status).toBe(403);
      expect((await s.request('/api/admin/jobs')).status).toBe(401);
      expect(await s.deps.db.select().from(jobRuns)).toHaveLength(0);
    });
  });
}

const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)('two schedulers, each on its own connection pool, on one PostgreSQL database', () => {
  let s: TestServer;
  const pools: Database[] = [];
  beforeAll(async () => {
    s = await startTestServer('postgres');
    for (let i = 0; i < 2; i++) pools.push(await openDatabase({ kind: 'postgres', url: s.databaseUrl!, poolSize: 3 }));
  }, 120_000);
  afterAll(async () => {
    for (const p of pools) await p.close();
    await s?.close();
  });

  it('run a due job exactly once, however often both look at once', async () => {
    const name = 'test:race';
    const { def, state } = countingJob(name, { holdMs: 200 });
    const [a, b] = pools.map((p, i) =>
      createScheduler({ db: p.db, log, now: s.deps.now, jobs: [def], schedules: { [name]: '0 3 * * 0' }, owner: `process-${i}` }),
    );
    await Promise.all([a!.register(), b!.register()]);
    const [row] = await s.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    s.advanceClock(row!.nextRunAt!.getTime() - s.deps.now().getTime() + MINUTE);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).kick()));
    await Promise.all([a!.drain(), b!.drain()]);
    expect(state.runs).toBe(1);
    const runs = await s.deps.db.select().from(jobRuns).where(eq(jobRuns.job, name));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'ok', trigger: 'schedule' });
    expect(['process-0', 'process-1']).toContain(runs[0]!.owner);
    // and once more at the next week's time: again one run, by whichever process looks first
    s.advanceClock(7 * 24 * 60 * MINUTE);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a! : b!).kick()));
    await Promise.all([a!.drain(), b!.drain()]);
    expect(state.runs).toBe(2);
    expect(await s.deps.db.select().from(jobRuns).where(eq(jobRuns.job, name))).toHaveLength(2);
  });
});
