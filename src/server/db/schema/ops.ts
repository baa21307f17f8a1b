// Infrastructure every server process shares: rate-limit counters, the mail queue and the dev outbox.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/** Fixed-window counters shared by every server process (sign-in, sign-up, reset e-mails, codes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
});

/**
 * E-mail waiting to be delivered by the mail worker (every server process runs one), so no request
 * waits on SMTP and a failed delivery is retried with a growing delay.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: tstz('locked_until'),
    sentAt: tstz('sent_at'),
    failedAt: tstz('failed_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

/** The dev outbox: every e-mail sent while the mail provider is `outbox`. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_sent_at_idx').on(t.sentAt.desc())],
);
