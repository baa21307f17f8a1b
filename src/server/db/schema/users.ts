// The user: Better Auth's user model and our profile columns in one table.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { COURSE_LEVELS, DEVICE_TYPES, ROLES } from '../../../shared/constants';
import { inList, tstz } from './columns';

/**
 * The specification's `users` entity and Better Auth's user model are one table, so e-mail, role and
 * profile never drift apart. Better Auth owns the sign-in columns; the profile columns are ours and
 * cannot be written by a student (they are `input: false` in the auth config).
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: tstz('ban_expires'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    courseLevel: text('course_level').notNull().default('Paramedic'),
    /** when the course level was chosen (by the student, or given at account creation); null: sign-up's default, never chosen */
    courseLevelChosenAt: tstz('course_level_chosen_at'),
    currentStreak: integer('current_streak').notNull().default(0),
    lastLogin: tstz('last_login'),
    /** the IANA zone the streak was last counted in */
    timeZone: text('time_zone'),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    expirationDate: tstz('expiration_date'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    deviceType: text('device_type'),
  },
  (t) => [
    index('users_created_at_idx').on(t.createdAt.desc()),
    index('users_role_idx').on(t.role),
    index('users_stripe_customer_idx').on(t.stripeCustomerId),
    check('users_role_check', inList('role', ROLES)),
    check('users_course_level_check', inList('course_level', COURSE_LEVELS)),
    check('users_device_type_check', sql`device_type is null or ${inList('device_type', DEVICE_TYPES)}`),
    check('users_current_streak_check', sql`current_streak >= 0`),
  ],
);
