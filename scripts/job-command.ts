// What srs:optimize, items:calibrate and readiness:validate share on the command line: open (and migrate) the database as
// the server does, run the job's work under the job's lock as a run of the job (trigger "command", on the admin screen's
// history like a scheduled run), print its lines as they come, and exit 1 if it failed or another process is running it
// (docs/decisions/110-scheduled-jobs-on-our-own-table.md).
import type { JobName } from '../src/shared/contracts/jobs';
import { loadConfig } from '../src/server/config';
import type { ServiceDeps } from '../src/server/deps';
import { createJobScheduler, JobBusyError, type Report } from '../src/server/jobs';
import { systemClock } from '../src/server/lib/clock';
import { createLogger } from '../src/server/lib/logger';
import { openForCommand } from './srs-db';

export async function runJobCommand(name: JobName, work: (deps: ServiceDeps, report: Report) => Promise<void>): Promise<void> {
  const database = await openForCommand(name);
  const deps = { db: database.db, now: systemClock };
  // the command prints its own lines; the log says only what went wrong
  const log = createLogger(process.env.LOG_LEVEL === 'silent' ? 'silent' : 'warn');
  const scheduler = createJobScheduler(loadConfig(), { ...deps, log });
  let failed = false;
  try {
    const outcome = await scheduler.runExclusive(name, (report) =>
      work(deps, (line) => {
        console.log(line);
        report(line);
      }),
    );
    if (outcome.status === 'failed') {
      console.error(`${name} failed: ${outcome.error}`);
      failed = true;
    }
  } catch (e) {
    if (!(e instanceof JobBusyError)) throw e;
    console.error(e.message);
    failed = true;
  } finally {
    await database.close();
  }
  if (failed) process.exit(1);
}
