// Subscriptions and access codes: coupon codes and their redemptions, the sandbox card processor's records and the
// provider webhook events already applied.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { DURATION_TYPES } from '../../../shared/constants';
import { inList, tstz } from './columns';
import { userRef } from './references';

export const couponCodes = pgTable(
  'coupon_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    duration: integer('duration').notNull(),
    durationType: text('duration_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coupon_codes_created_at_idx').on(t.createdAt.desc()),
    check('coupon_codes_code_upper_check', sql`code = upper(code) and length(code) > 0`),
    check('coupon_codes_duration_type_check', inList('duration_type', DURATION_TYPES)),
    check(
      'coupon_codes_duration_check',
      sql`duration >= 1 and ((duration_type = 'days' and duration <= 14) or (duration_type = 'months' and duration <= 12))`,
    ),
    check('coupon_codes_usage_limit_check', sql`usage_limit is null or usage_limit >= 1`),
    check('coupon_codes_times_used_check', sql`times_used >= 0 and (usage_limit is null or times_used <= usage_limit)`),
  ],
);

/** One row per user and code: a code is redeemed at most once by each user. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => couponCodes.id, { onDelete: 'cascade' }),
    userId: userRef(),
    redeemedAt: tstz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] }), index('coupon_redemptions_user_id_idx').on(t.userId)],
);

/** The sandbox card processor's records: a stand-in for a provider's subscriptions. */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: userRef(),
    email: text('email').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: tstz('current_period_start'),
    currentPeriodEnd: tstz('current_period_end'),
    cardLast4: text('card_last4'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_subscriptions_user_idx').on(t.userId),
    index('sandbox_subscriptions_customer_idx').on(t.customerId),
    check('sandbox_subscriptions_status_check', sql`status in ('incomplete', 'active', 'canceled', 'incomplete_expired')`),
  ],
);

export const sandboxPaymentIntents = pgTable(
  'sandbox_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => sandboxSubscriptions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payment_intents_subscription_idx').on(t.subscriptionId),
    check('sandbox_payment_intents_status_check', sql`status in ('requires_payment_method', 'succeeded')`),
  ],
);

/** Provider webhook events already applied: a redelivered event is acknowledged and not applied twice. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});
