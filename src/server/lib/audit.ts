import type { AuditAction } from '../../shared/audit';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: AuditAction;
  /** who did it: the signed-in admin, or null for an anonymous caller (a failed sign-in) or the CLI */
  actor: { id: string; email: string } | null;
  target?: {
    type: 'user' | 'code' | 'account' | 'question_report' | 'nremt_results' | 'readiness_validation' | 'class' | 'standard_study' | 'job';
    id?: string | null;
    label?: string | null;
  };
  before?: unknown;
  after?: unknown;
  /** the caller's address, as the rate limits see it (clientIp) */
  ip?: string | null;
}

/**
 * Appends one row to the audit trail. Pass the transaction when the audited change runs in one, so the
 * record and the change commit or roll back together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
  });
}
