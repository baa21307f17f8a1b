// Guards on a user's account beyond Better Auth: confirmed e-mail changes and sign-in lockouts.
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { userRef } from './references';

/**
 * A pending change of a user's e-mail address: confirmed by a link to the new address and one to the
 * current address. Only hashes of the two tokens are stored; a request is used once, and every open
 * one is cancelled by a password reset or change and by signing out everywhere.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    newTokenHash: text('new_token_hash').notNull(),
    oldTokenHash: text('old_token_hash').notNull(),
    newConfirmedAt: tstz('new_confirmed_at'),
    oldConfirmedAt: tstz('old_confirmed_at'),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    completedAt: tstz('completed_at'),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    index('email_change_requests_user_idx').on(t.userId),
    uniqueIndex('email_change_requests_new_token_idx').on(t.newTokenHash),
    uniqueIndex('email_change_requests_old_token_idx').on(t.oldTokenHash),
  ],
);

/**
 * Failed sign-ins per account (by lower-cased e-mail, known or not, so the answer never tells which):
 * after too many in a window the account is locked for a time that grows with each further lock.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: tstz('window_start').notNull().defaultNow(),
  lockedUntil: tstz('locked_until'),
  lockouts: integer('lockouts').notNull().default(0),
});
