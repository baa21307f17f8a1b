import { JOB_NAMES, type JobName } from '../../shared/contracts/jobs';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';
import { createScheduler, type JobDefinition, type Scheduler, type SchedulerOptions } from './scheduler';
import { itemsCalibrateWork, readinessValidateWork, srsOptimizeWork } from './work';

export { JobBusyError, type JobDefinition, type Report, type Scheduler } from './scheduler';

/** The product's jobs (docs/decisions/110-scheduled-jobs-on-our-own-table.md, docs/operations.md "Scheduled jobs"). */
export function productJobs(deps: { db: Db; now: () => Date }): JobDefinition[] {
  const all: Record<JobName, JobDefinition> = {
    'srs:optimize': {
      name: 'srs:optimize',
      title: 'Spaced-review weights',
      description:
        "Fits each student's own FSRS weights once they have 1,000 reviews, and keeps a fit only when it predicts their later reviews better.",
      run: (report) => srsOptimizeWork(deps, report),
    },
    'items:calibrate': {
      name: 'items:calibrate',
      title: 'Item calibration',
      description: "Re-estimates each question's difficulty from first answers; the exam uses an estimate once it rests on enough answers.",
      run: (report) => itemsCalibrateWork(deps, report),
    },
    'readiness:validate': {
      name: 'readiness:validate',
      title: 'Readiness validation',
      description: 'Fits and scores the pass prediction on the NREMT results students reported, per level (the Readiness Check screen).',
      run: (report) => readinessValidateWork(deps, report),
    },
  };
  return JOB_NAMES.map((n) => all[n]);
}

/** The scheduler every server process runs (started in src/server/index.ts unless JOBS=off). */
export function createJobScheduler(
  config: Config,
  deps: { db: Db; now: () => Date; log: Logger },
  options: Partial<Pick<SchedulerOptions, 'pollMs' | 'heartbeatMs' | 'staleMs' | 'owner' | 'jobs'>> = {},
): Scheduler {
  return createScheduler({
    db: deps.db,
    log: deps.log,
    now: deps.now,
    jobs: options.jobs ?? productJobs(deps),
    schedules: config.jobs.schedules,
    active: config.jobs.run,
    ...options,
  });
}
