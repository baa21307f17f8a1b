import { z } from 'zod';

// The scheduled jobs' admin API (decision 035; the scheduler: docs/decisions/110-scheduled-jobs-on-our-own-table.md).

/** The product's scheduled jobs, named as their commands (`npm run <name>`). */
export const JOB_NAMES = ['srs:optimize', 'items:calibrate', 'readiness:validate'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const jobRunView = z.strictObject({
  id: z.number().int(),
  /** schedule | manual (an administrator's "Run now") | command (the command line) | resumed (taken over from a stopped process) */
  trigger: z.enum(['schedule', 'manual', 'command', 'resumed']),
  status: z.enum(['running', 'ok', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** the lines its command prints (trimmed to the first and last when long) */
  summary: z.array(z.string()),
  error: z.string().nullable(),
  /** the name of the administrator whose "Run now" started it */
  requestedBy: z.string().nullable(),
  /** the process (host:pid) that ran it */
  owner: z.string(),
});
export type JobRunView = z.infer<typeof jobRunView>;

export const jobView = z.strictObject({
  name: z.enum(JOB_NAMES),
  title: z.string(),
  description: z.string(),
  /** the cron expression (UTC), null when it runs only by hand */
  schedule: z.string().nullable(),
  /** the schedule in words ("Weekly, Sundays at 03:00 UTC") */
  scheduleText: z.string(),
  nextRunAt: z.string().nullable(),
  /** an administrator's "Run now" that no process has picked up yet */
  requestedAt: z.string().nullable(),
  /** the run in progress, if any */
  running: jobRunView.nullable(),
  /** the most recent runs, newest first (the first finished one is the last run) */
  runs: z.array(jobRunView),
});
export type JobView = z.infer<typeof jobView>;

export const jobsResponse = z.strictObject({
  jobs: z.array(jobView),
  /** whether the process that answered runs jobs (JOBS=on); with every process off, nothing runs */
  thisProcessRunsJobs: z.boolean(),
});
export type JobsResponse = z.infer<typeof jobsResponse>;

export const runJobResponse = z.strictObject({ job: jobView });
export type RunJobResponse = z.infer<typeof runJobResponse>;
