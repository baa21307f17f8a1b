import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { AUDIT_PAGE_SIZE, auditQuery, type AuditEntry, type AuditPageResponse, type AuditQuery } from '../../../shared/contracts/audit';
import type { AppEnv } from '../../deps';
import { requireAdmin, requireUser } from '../../auth/middleware';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { readQuery } from '../../lib/http';

/** LIKE pattern for a substring search, with the user's %, _ and \ taken literally. */
const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function listAudit(db: Db, opts: AuditQuery): Promise<AuditPageResponse> {
  const where: SQL[] = [];
  if (opts.action && opts.action !== 'all') where.push(eq(auditLog.action, opts.action));
  if (opts.q) {
    const p = containsPattern(opts.q);
    where.push(
      or(
        sql`lower(coalesce(${auditLog.actorEmail}, '')) like ${p}`,
        sql`lower(coalesce(${auditLog.targetLabel}, '')) like ${p}`,
        sql`lower(coalesce(${auditLog.targetId}, '')) like ${p}`,
        sql`lower(coalesce(${auditLog.ip}, '')) like ${p}`,
      )!,
    );
  }
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(opts.page * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    action: r.action,
    actor: r.actorId || r.actorEmail ? { id: r.actorId, email: r.actorEmail } : null,
    target: r.targetType || r.targetId || r.targetLabel ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
    before: r.before,
    after: r.after,
    ip: r.ip,
  }));
  return { entries, total: total?.n ?? 0, page: opts.page, pageSize: AUDIT_PAGE_SIZE };
}

/** GET /api/admin/audit?action=&q=&page= — the audit trail, newest first (administrators only). */
export const adminAuditRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json(await listAudit(c.get('deps').database.db, readQuery(c, auditQuery))));
