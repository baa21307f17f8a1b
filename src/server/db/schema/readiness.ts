// Readiness: the passing standards results are scored against (decision 095).
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { CONTENT_LEVELS } from '../../../shared/constants';
import { STANDARD_METHODS } from '../../../shared/readiness';
import { inList, tstz } from './columns';
import { users } from './users';

/**
 * A passing standard of a level: its cut on the ability scale and how it was set. Rows are never changed once a
 * result names them (a new standard is a new row), so every result can say which standard it was scored against.
 * The migration writes each level's default standard (`default-<level>`, the rule the bank was built on); a
 * standard-setting study adds a `panel` row, adopted by an administrator. A level's current standard is its
 * latest adopted panel standard, else its default.
 */
export const standards = pgTable(
  'standards',
  {
    id: text('id').primaryKey(),
    level: text('level').notNull(),
    method: text('method').notNull(),
    /** the cut on the ability (logit) scale */
    cut: doublePrecision('cut').notNull(),
    /** the cut's standard error (a panel's, from the panelists' spread); null for the default rule */
    cutSe: doublePrecision('cut_se'),
    /** when an administrator adopted it; null for the default rule */
    adoptedAt: tstz('adopted_at'),
    adoptedBy: text('adopted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('standards_level_check', inList('level', CONTENT_LEVELS)),
    check('standards_method_check', inList('method', STANDARD_METHODS)),
    check('standards_panel_adopted_check', sql`method = 'default' or adopted_at is not null`),
    index('standards_level_adopted_idx').on(t.level, t.adoptedAt.desc()),
  ],
);
