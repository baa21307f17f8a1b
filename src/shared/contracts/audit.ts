import { z } from 'zod';
import { AUDIT_ACTION_NAMES, type AuditAction } from '../audit';

// The audit trail API's contract (decision 035).

export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit?action=&q=&page= */
export const auditQuery = z.object({
  action: z.union([z.literal(''), z.literal('all'), z.enum(AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]])]).default(''),
  q: z.string().trim().max(200, 'Search is at most 200 characters').default(''),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One audit trail row. `action` is an AuditAction, or one a newer server recorded that this client does not know. */
export const auditEntry = z.strictObject({
  id: z.number().int(),
  createdAt: z.string(),
  action: z.string(),
  actor: z.strictObject({ id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  target: z.strictObject({ type: z.string().nullable(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/admin/audit: newest first, 25 a page. */
export const auditPageResponse = z.strictObject({
  entries: z.array(auditEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPageResponse = z.infer<typeof auditPageResponse>;
