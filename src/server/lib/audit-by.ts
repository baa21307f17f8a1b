import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import type { AuditEntry } from './audit';
import { clientIp } from './net';

/** Who is acting, as the audit trail records it: the signed-in user and their address. */
export type AuditBy = Pick<AuditEntry, 'actor' | 'ip'>;

export function auditBy(c: Context<AppEnv>): AuditBy {
  const user = c.get('user');
  return { actor: { id: user.id, email: user.email }, ip: clientIp(c, c.get('deps').config.trustProxy) };
}
