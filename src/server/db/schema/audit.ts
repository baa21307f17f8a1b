// The append-only audit trail.
import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Who did what to whom: role changes, user creation and deletion, admin-sent reset e-mails, code
 * changes, failed sign-ins. Append-only: a trigger (migration 0005) refuses UPDATE and DELETE. Actor
 * and target are plain text, not foreign keys, so the trail outlives the users it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetId),
    index('audit_log_action_idx').on(t.action),
  ],
);
