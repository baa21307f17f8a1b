import { Hono } from 'hono';
import { z } from 'zod';
import { itemStatsQuerySchema, reportListQuerySchema, reportReplySchema, reportStatusSchema } from '../../../shared/contracts/questions';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { auditBy } from '../../lib/audit-by';
import { notFound, readJson, readQuery } from '../../lib/http';
import { itemStatsPage, listReports, replyToReport, setReportStatus } from './service';

const reportId = z.uuid();

/** /api/admin/content — question problem reports and item statistics (admins only; docs/product.md §10.8). */
export const adminContentRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/reports', async (c) => {
    const { status, page } = readQuery(c, reportListQuerySchema);
    return c.json(await listReports(c.get('deps'), status, page));
  })
  .patch('/reports/:id', async (c) => {
    const id = reportId.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('This report does not exist.');
    const { status } = await readJson(c, reportStatusSchema);
    return c.json({ report: await setReportStatus(c.get('deps'), auditBy(c), id.data, status) });
  })
  .put('/reports/:id/reply', async (c) => {
    const id = reportId.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('This report does not exist.');
    const { reply } = await readJson(c, reportReplySchema);
    return c.json({ report: await replyToReport(c.get('deps'), auditBy(c), id.data, reply) });
  })
  .get('/stats', async (c) => c.json(await itemStatsPage(c.get('deps'), readQuery(c, itemStatsQuerySchema))));

export type AdminContentRoutes = typeof adminContentRoutes;
