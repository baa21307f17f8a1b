// Foreign-key columns that many tables repeat. Kept apart from columns.ts, which users.ts imports:
// a reference to users there would make an import cycle.
import { text } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The owning user: `user_id`, required, and deleted with the user. */
export const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
