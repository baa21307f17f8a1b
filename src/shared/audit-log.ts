import type { AuditAction } from './audit';

/** One audit trail row as GET /api/admin/audit sends it. */
export interface AuditLogEntry {
  id: number;
  created_at: string;
  /** an AuditAction, or an action a newer server recorded that this client does not know */
  action: AuditAction | (string & {});
  actor: { id: string | null; email: string | null } | null;
  target: { type: string | null; id: string | null; label: string | null } | null;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export const AUDIT_PAGE_SIZE = 25;
