import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { nextRun, parseSchedule, type Schedule } from '../../shared/schedule';
import type { Db } from '../db/client';
import { jobRuns, scheduledJobs } from '../db/schema';
import type { Logger } from '../lib/logger';
import { redactText } from '../lib/redact';

/**
 * The product's scheduled jobs on our own two tables (docs/decisions/110-scheduled-jobs-on-our-own-table.md): every server
 * process runs a scheduler; each looks for due jobs once a minute, claims one by locking its `scheduled_jobs` row and
 * writing its own name into `lock_owner` (so on one database exactly one process runs it), beats a heartbeat while it
 * runs, and records the run in `job_runs`. A lock whose heartbeat is older than `staleMs` was left by a process that
 * stopped: the next process marks that run failed and runs the job again.
 */

/** What a job's work writes as it goes: the lines its command prints, kept as the run's summary. */
export type Report = (line: string) => void;

export interface JobDefinition {
  name: string;
  title: string;
  /** what it does, in a sentence for the admin screen */
  description: string;
  run: (report: Report) => Promise<void>;
}

export interface JobConfig {
  /** the cron expression (UTC), or null for no schedule */
  schedule: string | null;
}

export interface SchedulerOptions {
  db: Db;
  log: Logger;
  now: () => Date;
  jobs: readonly JobDefinition[];
  /** per job: its schedule; a job absent here has none */
  schedules: Readonly<Record<string, string | null>>;
  /** how often a process looks for due jobs (ms) */
  pollMs?: number;
  /** how often a running job's process says it is alive (ms) */
  heartbeatMs?: number;
  /** a lock whose heartbeat is older than this belongs to a stopped process (ms); well above heartbeatMs */
  staleMs?: number;
  /** names this process in locks and runs; default host:pid:random */
  owner?: string;
  /** whether this process runs due and requested jobs (JOBS=on); off, "Run now" only records the request for another process */
  active?: boolean;
}

export const POLL_MS = 60_000;
export const HEARTBEAT_MS = 30_000;
export const STALE_MS = 5 * 60_000;
/** A run's summary keeps at most this many lines (the start and the end); the command prints them all. */
export const SUMMARY_MAX_LINES = 200;

export type RunOutcome = { runId: number; status: 'ok' | 'failed'; durationMs: number; summary: string[]; error: string | null };

export class JobBusyError extends Error {}

export interface Scheduler {
  readonly owner: string;
  readonly jobs: readonly JobDefinition[];
  schedule(name: string): Schedule | null;
  /** writes each job's row (schedule, next run) once; start() calls it */
  register(): Promise<void>;
  /** looks for due or requested jobs now and runs them one after another; resolves when none is left */
  kick(): Promise<void>;
  /** awaits the runs in progress and one more look (tests) */
  drain(): Promise<void>;
  /** asks for a run as soon as a process is free (an administrator's "Run now"); false when the job is running now */
  request(name: string, by: string): Promise<boolean>;
  /**
   * Runs `work` as a run of job `name` now, under the job's lock (the command line): JobBusyError when another process
   * is running the job. The job's schedule is not moved.
   */
  runExclusive(name: string, work: (report: Report) => Promise<void>): Promise<RunOutcome>;
  start(): Promise<void>;
  /**
   * Stops looking for jobs and waits up to `graceMs` for a run in progress. A run still going when the process exits keeps
   * its lock until the heartbeat is stale; then the next process runs the job again.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Reads each job's schedule; an invalid expression throws ScheduleError (the config names the variable). */
function parseSchedules(schedules: Readonly<Record<string, string | null>>): Map<string, Schedule | null> {
  return new Map(Object.entries(schedules).map(([name, s]) => [name, s === null ? null : parseSchedule(s)]));
}

export function trimSummary(lines: readonly string[]): string[] {
  if (lines.length <= SUMMARY_MAX_LINES) return [...lines];
  const head = SUMMARY_MAX_LINES - 21;
  return [
    ...lines.slice(0, head),
    `… ${lines.length - head - 20} more lines (the command line prints them all)`,
    ...lines.slice(lines.length - 20),
  ];
}

const errorText = (e: unknown) => redactText(e instanceof Error ? e.message || e.name : String(e)).slice(0, 2000);

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, log, now, jobs } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = options.staleMs ?? STALE_MS;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const active = options.active ?? true;
  const schedules = parseSchedules(options.schedules);
  const byName = new Map(jobs.map((j) => [j.name, j]));
  /** jobs this process is running now: it never takes over its own lock */
  const mine = new Set<string>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let registered: Promise<void> | null = null;
  let stopped = false;

  const scheduleOf = (name: string) => schedules.get(name) ?? null;

  async function register() {
    // a failed attempt (the database away for a moment) is tried again on the next call
    registered ??= (async () => {
      for (const job of jobs) {
        const s = scheduleOf(job.name);
        const expression = s?.expression ?? null;
        const next = s ? nextRun(s, now()) : null;
        await db.insert(scheduledJobs).values({ name: job.name, schedule: expression, nextRunAt: next }).onConflictDoNothing();
        // a process started with another schedule moves the next run (every process should share the settings)
        const changed = await db
          .update(scheduledJobs)
          .set({ schedule: expression, nextRunAt: next })
          .where(and(eq(scheduledJobs.name, job.name), sql`${scheduledJobs.schedule} is distinct from ${expression}`))
          .returning({ name: scheduledJobs.name });
        if (changed.length > 0) log.info({ job: job.name, schedule: expression, nextRunAt: next }, 'job schedule changed');
      }
    })().catch((e: unknown) => {
      registered = null;
      throw e;
    });
    await registered;
  }

  type Claim = { runId: number; trigger: (typeof jobRuns.$inferInsert)['trigger']; startedAt: Date };

  /** Claims `name` if it is due, requested, or left by a stopped process (or `force`: the command line); null otherwise. */
  async function claim(name: string, force = false): Promise<Claim | 'busy' | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.name, name)).for('update');
      if (!row) return null;
      const t = now();
      const locked = row.lockOwner !== null;
      const stale = locked && (row.heartbeatAt === null || t.getTime() - row.heartbeatAt.getTime() > staleMs);
      if (locked && !stale) return force ? 'busy' : null;
      const due = row.nextRunAt !== null && row.nextRunAt.getTime() <= t.getTime();
      const requested = row.runRequestedAt !== null;
      if (!force && !stale && !due && !requested) return null;
      if (stale && row.runId !== null) {
        const gone = `The process running it (${row.lockOwner}) stopped: no heartbeat since ${row.heartbeatAt?.toISOString() ?? 'it started'}.`;
        await tx
          .update(jobRuns)
          .set({ status: 'failed', finishedAt: t, error: gone })
          .where(and(eq(jobRuns.id, row.runId), eq(jobRuns.status, 'running')));
        log.warn({ job: name, runId: row.runId, owner: row.lockOwner }, 'job run abandoned by a stopped process: running it again');
      }
      const trigger: Claim['trigger'] = force ? 'command' : stale ? 'resumed' : requested ? 'manual' : 'schedule';
      const [run] = await tx
        .insert(jobRuns)
        .values({
          job: name,
          trigger,
          requestedBy: trigger === 'manual' ? row.runRequestedBy : null,
          owner,
          status: 'running',
          startedAt: t,
          heartbeatAt: t,
        })
        .returning({ id: jobRuns.id });
      const s = scheduleOf(name);
      await tx
        .update(scheduledJobs)
        .set({
          lockOwner: owner,
          lockedAt: t,
          heartbeatAt: t,
          runId: run!.id,
          // a due run moves the schedule on (from now: runs missed while every server was down are caught up once)
          ...(due && !force && s ? { nextRunAt: nextRun(s, t) } : {}),
          // a pending "Run now" is met by this run (a run taken over included), not by another one after it
          ...(requested && !force ? { runRequestedAt: null, runRequestedBy: null } : {}),
        })
        .where(eq(scheduledJobs.name, name));
      return { runId: run!.id, trigger, startedAt: t };
    });
  }

  async function execute(name: string, c: Claim, work: (report: Report) => Promise<void>): Promise<RunOutcome> {
    mine.add(name);
    const lines: string[] = [];
    log.info({ job: name, runId: c.runId, trigger: c.trigger }, 'job started');
    const beat = async () => {
      const t = now();
      await db
        .update(scheduledJobs)
        .set({ heartbeatAt: t })
        .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.lockOwner, owner)));
      await db.update(jobRuns).set({ heartbeatAt: t }).where(eq(jobRuns.id, c.runId));
    };
    const heart = setInterval(() => void beat().catch((err) => log.warn({ err, job: name }, 'job heartbeat failed')), heartbeatMs);
    heart.unref();
    let error: string | null = null;
    try {
      await work((line) => lines.push(line));
    } catch (e) {
      error = errorText(e);
      log.error({ err: e, job: name, runId: c.runId }, 'job failed');
    } finally {
      clearInterval(heart);
    }
    const finishedAt = now();
    const durationMs = Math.max(0, finishedAt.getTime() - c.startedAt.getTime());
    const status = error === null ? ('ok' as const) : ('failed' as const);
    const summary = trimSummary(lines);
    try {
      const kept = await db
        .update(jobRuns)
        .set({ status, finishedAt, durationMs, summary, error, heartbeatAt: finishedAt })
        .where(and(eq(jobRuns.id, c.runId), eq(jobRuns.status, 'running')))
        .returning({ id: jobRuns.id });
      if (kept.length === 0)
        log.warn({ job: name, runId: c.runId }, 'job finished after another process took its run over (its heartbeat was late)');
      await db
        .update(scheduledJobs)
        .set({ lockOwner: null, lockedAt: null, heartbeatAt: null, runId: null })
        .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.lockOwner, owner)));
    } finally {
      mine.delete(name);
    }
    log.info(
      { job: name, runId: c.runId, status, durationMs, summary: summary.slice(-20), error },
      `job ${status === 'ok' ? 'finished' : 'failed'}`,
    );
    return { runId: c.runId, status, durationMs, summary, error };
  }

  async function lookOnce() {
    await register();
    for (const job of jobs) {
      if (stopped) return;
      if (mine.has(job.name)) continue;
      const c = await claim(job.name);
      if (c && c !== 'busy') await execute(job.name, c, job.run);
    }
  }

  async function runUntilIdle() {
    do {
      again = false;
      await lookOnce();
    } while (again && !stopped);
  }

  function kick(): Promise<void> {
    if (!active) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runUntilIdle()
      .catch((err) => log.error({ err }, 'job scheduler failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    owner,
    jobs,
    schedule: scheduleOf,
    register,
    kick,
    async drain() {
      await running;
      await kick();
    },
    async request(name, by) {
      if (!byName.has(name)) throw new Error(`no job ${name}`);
      await register();
      const t = now();
      const rows = await db
        .update(scheduledJobs)
        .set({ runRequestedAt: t, runRequestedBy: by })
        .where(
          and(
            eq(scheduledJobs.name, name),
            sql`(${scheduledJobs.lockOwner} is null or ${scheduledJobs.heartbeatAt} < ${new Date(t.getTime() - staleMs)})`,
          ),
        )
        .returning({ name: scheduledJobs.name });
      if (rows.length === 0) return false;
      if (active) void kick();
      return true;
    },
    async runExclusive(name, work) {
      await register();
      const c = await claim(name, true);
      if (c === 'busy') throw new JobBusyError(`${name} is running in another process now; try again when it has finished.`);
      if (!c) throw new Error(`no job ${name}`);
      return execute(name, c, work);
    },
    async start() {
      if (timer || !active) return;
      stopped = false;
      await register();
      void kick();
      timer = setInterval(() => void kick(), pollMs);
      timer.unref();
    },
    async stop(graceMs = Infinity) {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      if (!running) return;
      if (graceMs === Infinity) await running;
      else {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise<void>((r) => (wait = setTimeout(r, graceMs)))]);
        clearTimeout(wait);
      }
    },
  };
}
