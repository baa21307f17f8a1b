import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminNremtQuery,
  nremtImportBody,
  nremtResultBody,
  type AdminNremtListResponse,
  type NremtImportResponse,
  type NremtResultListResponse,
  type NremtResultResponse,
} from '../../../shared/contracts/nremt-results';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { auditBy } from '../../lib/audit-by';
import { notFound, readJson, readQuery } from '../../lib/http';
import type { Context } from 'hono';
import {
  createOwnResult,
  deleteOwnResult,
  importResults,
  listAllResults,
  listOwnResults,
  updateOwnResult,
  type NremtDeps,
} from './service';

const idParam = z.uuid();

/** A result's id from the path; anything that is not one names no result. */
function resultId(raw: string): string {
  if (!idParam.safeParse(raw).success) throw notFound('This result no longer exists.');
  return raw;
}

const serviceDeps = (c: Context<AppEnv>): NremtDeps => {
  const d = c.get('deps');
  return { db: d.database.db, now: d.now };
};

/**
 * /api/nremt-results: "How did your NREMT exam go?" — a student's own reports. Signed-in students, not only subscribers:
 * the sitting usually comes after the subscription ends, and the report is what checks the prediction
 * (docs/decisions/098-nremt-results-reported-and-imported.md). Each student reads and changes only their own.
 */
export const nremtResultRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => c.json({ results: await listOwnResults(serviceDeps(c), c.get('user').id) } satisfies NremtResultListResponse))
  .post('/', async (c) =>
    c.json(
      { result: await createOwnResult(serviceDeps(c), c.get('user').id, await readJson(c, nremtResultBody)) } satisfies NremtResultResponse,
      201,
    ),
  )
  .put('/:id', async (c) => {
    const id = resultId(c.req.param('id'));
    const body = await readJson(c, nremtResultBody);
    return c.json({ result: await updateOwnResult(serviceDeps(c), c.get('user').id, id, body) } satisfies NremtResultResponse);
  })
  .delete('/:id', async (c) => {
    await deleteOwnResult(serviceDeps(c), c.get('user').id, resultId(c.req.param('id')));
    return c.body(null, 204);
  });

/** /api/admin/nremt-results: every student's reports, and the CSV import (dry run first). Administrators only. */
export const adminNremtResultRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json((await listAllResults(serviceDeps(c), readQuery(c, adminNremtQuery))) satisfies AdminNremtListResponse))
  .post('/import', async (c) => {
    const { csv, dryRun } = await readJson(c, nremtImportBody);
    return c.json((await importResults(serviceDeps(c), auditBy(c), csv, dryRun)) satisfies NremtImportResponse);
  });
