import { desc, eq, inArray } from 'drizzle-orm';
import { JOB_NAMES, type JobName, type JobRunView, type JobsResponse, type JobView } from '../../../shared/contracts/jobs';
import { ERROR_CODES } from '../../../shared/errors';
import { describeSchedule } from '../../../shared/schedule';
import type { ServiceDeps } from '../../deps';
import { jobRuns, scheduledJobs, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuditBy } from '../../lib/audit-by';
import { HttpError, notFound } from '../../lib/http';

/** Runs each job's history shows (newest first). */
export const RUNS_SHOWN = 10;

type Deps = ServiceDeps<'jobs' | 'config'>;
type RunRow = typeof jobRuns.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function runView(r: RunRow, names: Map<string, string>): JobRunView {
  return {
    id: r.id,
    trigger: r.trigger as JobRunView['trigger'],
    status: r.status as JobRunView['status'],
    startedAt: r.startedAt.toISOString(),
    finishedAt: iso(r.finishedAt),
    durationMs: r.durationMs,
    summary: r.summary,
    error: r.error,
    requestedBy: r.requestedBy ? (names.get(r.requestedBy) ?? 'a deleted user') : null,
    // host:pid, not the random part that tells two schedulers of one process apart
    owner: r.owner.split(':').slice(0, 2).join(':'),
  };
}

/** Every job with its schedule, next run, pending request, run in progress and recent history (docs/api.md, /api/admin/jobs). */
export async function listJobs(deps: Deps): Promise<JobsResponse> {
  await deps.jobs.register();
  const rows = new Map((await deps.db.select().from(scheduledJobs)).map((r) => [r.name, r]));
  // the last RUNS_SHOWN runs of each job: three jobs, so three small reads through the (job, started_at desc) index
  const runs = new Map<string, RunRow[]>();
  for (const name of JOB_NAMES)
    runs.set(
      name,
      await deps.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.job, name))
        .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
        .limit(RUNS_SHOWN),
    );
  const ids = [...new Set([...runs.values()].flat().flatMap((r) => (r.requestedBy ? [r.requestedBy] : [])))];
  const names = new Map(
    ids.length === 0
      ? []
      : (await deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.name]),
  );
  const jobs: JobView[] = deps.jobs.jobs.map((def) => {
    const row = rows.get(def.name);
    const history = (runs.get(def.name) ?? []).map((r) => runView(r, names));
    const schedule = deps.jobs.schedule(def.name);
    return {
      name: def.name as JobName,
      title: def.title,
      description: def.description,
      schedule: schedule?.expression ?? null,
      scheduleText: describeSchedule(schedule),
      nextRunAt: iso(row?.nextRunAt ?? null),
      requestedAt: iso(row?.runRequestedAt ?? null),
      running: history.find((r) => r.status === 'running' && row?.runId === r.id) ?? null,
      runs: history,
    };
  });
  return { jobs, thisProcessRunsJobs: deps.config.jobs.run };
}

/** An administrator's "Run now": the job runs as soon as a process is free (this one at once, unless JOBS=off). Audited. */
export async function requestRun(deps: Deps, by: AuditBy, name: string): Promise<JobView> {
  if (!(JOB_NAMES as readonly string[]).includes(name)) throw notFound('No such job.');
  const accepted = await deps.jobs.request(name, by.actor!.id);
  if (!accepted) throw new HttpError(409, ERROR_CODES.conflict, 'This job is running now. Its run appears below when it has finished.');
  await recordAudit(deps.db, { action: 'job.run_requested', ...by, target: { type: 'job', id: name, label: name } });
  const { jobs } = await listJobs(deps);
  return jobs.find((j) => j.name === name)!;
}
