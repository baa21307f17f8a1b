import { Hono } from 'hono';
import type { JobsResponse, RunJobResponse } from '../../../shared/contracts/jobs';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { auditBy } from '../../lib/audit-by';
import { listJobs, requestRun } from './service';

/**
 * /api/admin/jobs: the scheduled jobs (srs:optimize, items:calibrate, readiness:validate) with their schedules, runs and
 * "Run now". Administrators only (docs/decisions/110-scheduled-jobs-on-our-own-table.md).
 */
export const adminJobsRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json((await listJobs(c.get('deps'))) satisfies JobsResponse))
  .post('/:name/run', async (c) =>
    c.json({ job: await requestRun(c.get('deps'), auditBy(c), c.req.param('name')) } satisfies RunJobResponse, 202),
  );
