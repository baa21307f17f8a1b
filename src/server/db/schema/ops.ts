// Infrastructure every server process shares: rate-limit counters, the mail queue, the dev outbox and the scheduled jobs.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { inList, tstz } from './columns';

/** Fixed-window counters shared by every server process (sign-in, sign-up, reset e-mails, codes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
});

/**
 * E-mail waiting to be delivered by the mail worker (every server process runs one), so no request
 * waits on SMTP and a failed delivery is retried with a growing delay.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    sentAt: tstz('sent_at'),
    failedAt: tstz('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

/** The dev outbox: every e-mail sent while the mail provider is `outbox`. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_sent_at_idx').on(t.sentAt.desc())],
);

/** What started a job's run: its schedule, an administrator's "Run now", the command line, or a later process taking over a run whose process stopped. */
export const JOB_TRIGGERS = ['schedule', 'manual', 'command', 'resumed'] as const;
export const JOB_RUN_STATUSES = ['running', 'ok', 'failed'] as const;

/**
 * One row per scheduled job (srs:optimize, items:calibrate, readiness:validate): its schedule as last configured, when it
 * is next due, an administrator's pending "Run now", and the lock of the process running it with that process's heartbeat.
 * A process claims a job by locking this row (SELECT … FOR UPDATE) and setting `lock_owner`, so on one database exactly
 * one process runs a due job; a lock whose heartbeat is older than the stale limit belongs to a process that stopped, and
 * the next process takes the run over (docs/decisions/110-scheduled-jobs-on-our-own-table.md).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  /** the cron expression (UTC) the servers were started with; null: no schedule (runs only when started by hand) */
  schedule: text('schedule'),
  nextRunAt: tstz('next_run_at'),
  runRequestedAt: tstz('run_requested_at'),
  runRequestedBy: text('run_requested_by'),
  lockOwner: text('lock_owner'),
  lockedAt: tstz('locked_at'),
  heartbeatAt: tstz('heartbeat_at'),
  runId: integer('run_id'),
});

/** Every run of a scheduled job: when, how long, how it ended, the figures its command prints, and the error of a failed one. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    trigger: text('trigger').notNull(),
    /** the administrator whose "Run now" started it (user id; kept as text so deleting the user keeps the history) */
    requestedBy: text('requested_by'),
    /** host:pid of the process that ran it */
    owner: text('owner').notNull(),
    status: text('status').notNull(),
    startedAt: tstz('started_at').notNull(),
    heartbeatAt: tstz('heartbeat_at').notNull(),
    finishedAt: tstz('finished_at'),
    durationMs: integer('duration_ms'),
    summary: jsonb('summary').$type<string[]>().notNull().default([]),
    error: text('error'),
  },
  (t) => [
    index('job_runs_job_started_idx').on(t.job, t.startedAt.desc()),
    check('job_runs_status_check', inList('status', JOB_RUN_STATUSES)),
    check('job_runs_trigger_check', inList('trigger', JOB_TRIGGERS)),
  ],
);
