import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACTION_TYPES,
  CONTENT_LEVELS,
  COURSE_LEVELS,
  DEVICE_TYPES,
  DURATION_TYPES,
  FEATURE_TYPES,
  FLASHCARD_CATEGORIES,
  ROLES,
  VIDEO_CATEGORIES,
} from '../../shared/constants';
import { REVIEW_SOURCES, SRS_ITEM_KINDS } from '../../shared/srs';
import { QUESTION_MODES, QUESTION_TYPES, REPORT_REASONS, REPORT_STATUSES } from '../../shared/questions';
import { STOP_REASONS } from '../../shared/exam';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

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

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every server process (sign-in, sign-up, reset e-mails, codes). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
});

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
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redeemedAt: tstz('redeemed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] }), index('coupon_redemptions_user_id_idx').on(t.userId)],
);

export const flashcards = pgTable(
  'flashcards',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    category: text('category').notNull(),
    courseLevel: text('course_level').notNull(),
    frontText: text('front_text').notNull(),
    backText: text('back_text').notNull(),
    reference: text('reference'),
    /** a random key fixed per card; a deck's seeded shuffle permutes it (see deckPage) */
    shuffleKey: integer('shuffle_key')
      .notNull()
      .default(sql`floor(random() * 2147483647)::int`),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('flashcards_level_category_id_idx').on(t.courseLevel, t.category, t.id),
    /** /review's new cards: walked in this fixed random order until enough unseen ones are found (decision 077) */
    index('flashcards_shuffle_idx').on(t.shuffleKey, t.id),
    check('flashcards_category_check', inList('category', FLASHCARD_CATEGORIES)),
    check('flashcards_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

export const userFlashcardInteractions = pgTable(
  'user_flashcard_interactions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flashcardId: integer('flashcard_id')
      .notNull()
      .references(() => flashcards.id, { onDelete: 'cascade' }),
    isFlagged: boolean('is_flagged').notNull().default(false),
    isCorrect: boolean('is_correct').notNull().default(false),
    isWrong: boolean('is_wrong').notNull().default(false),
    lastStudiedAt: tstz('last_studied_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_flashcard_interactions_user_card_key').on(t.userId, t.flashcardId),
    index('user_flashcard_interactions_card_idx').on(t.flashcardId),
    check('user_flashcard_interactions_exclusive_check', sql`not (is_correct and is_wrong)`),
  ],
);

export const userInteractions = pgTable(
  'user_interactions',
  {
    /** generated by the client, so a retried batch stores each event once */
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    featureType: text('feature_type').notNull(),
    featureId: text('feature_id'),
    actionType: text('action_type').notNull(),
    durationSeconds: integer('duration_seconds'),
    score: integer('score'),
    totalItems: integer('total_items'),
    completionPercentage: integer('completion_percentage'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_interactions_user_feature_action_idx').on(t.userId, t.featureType, t.actionType),
    index('user_interactions_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('user_interactions_feature_type_check', inList('feature_type', FEATURE_TYPES)),
    check('user_interactions_action_type_check', inList('action_type', ACTION_TYPES)),
    check('user_interactions_duration_check', sql`duration_seconds is null or duration_seconds >= 0`),
    check('user_interactions_completion_check', sql`completion_percentage is null or (completion_percentage between 0 and 100)`),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    duration: text('duration').notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnailUrl: text('thumbnail_url').notNull(),
    courseLevel: text('course_level').notNull().default('Both'),
    description: text('description'),
  },
  () => [
    check('videos_category_check', inList('category', VIDEO_CATEGORIES)),
    check('videos_course_level_check', inList('course_level', COURSE_LEVELS)),
  ],
);

export const badges = pgTable(
  'badges',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    requirementText: text('requirement_text').notNull(),
    streakDays: integer('streak_days').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [index('badges_sort_order_idx').on(t.sortOrder), check('badges_streak_days_check', sql`streak_days >= 1`)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: integer('badge_id')
      .notNull()
      .references(() => badges.id, { onDelete: 'cascade' }),
    earnedAt: tstz('earned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeId] })],
);

export const dragDropScenarios = pgTable(
  'drag_drop_scenarios',
  {
    id: serial('id').primaryKey(),
    scenarioId: integer('scenario_id').notNull(),
    scenario: text('scenario').notNull(),
    therapyKey: text('therapy_key').notNull(),
    therapyName: text('therapy_name').notNull(),
    indicated: boolean('indicated').notNull(),
    courseLevel: text('course_level').notNull(),
    reference: text('reference'),
    /** why the therapy is or is not indicated for this patient (content; optional while being written) */
    rationale: text('rationale'),
  },
  (t) => [
    uniqueIndex('drag_drop_scenarios_scenario_therapy_key').on(t.scenarioId, t.therapyKey),
    index('drag_drop_scenarios_level_idx').on(t.courseLevel, t.scenarioId),
    check('drag_drop_scenarios_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

export const sortingQuestions = pgTable(
  'sorting_questions',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id').notNull(),
    itemKey: text('item_key').notNull(),
    questionText: text('question_text').notNull(),
    medication: text('medication').notNull(),
    category: text('category').notNull(),
    correctAnswer: text('correct_answer').notNull(),
    courseLevel: text('course_level').notNull(),
    reference: text('reference'),
    /** why the item belongs in its answer (content; optional while being written) */
    rationale: text('rationale'),
  },
  (t) => [
    uniqueIndex('sorting_questions_question_item_key').on(t.questionId, t.itemKey),
    index('sorting_questions_level_question_idx').on(t.courseLevel, t.questionId),
    check('sorting_questions_course_level_check', inList('course_level', CONTENT_LEVELS)),
  ],
);

/** Key/value facts about the database itself, e.g. the content version clients cache against. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** The sandbox card processor's records: a stand-in for a provider's subscriptions. */
export const sandboxSubscriptions = pgTable(
  'sandbox_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

/**
 * A pending change of a user's e-mail address: confirmed by a link to the new address and one to the
 * current address. Only hashes of the two tokens are stored; a request is used once, and every open
 * one is cancelled by a password reset or change and by signing out everywhere.
 */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------------------------------------------
// Question practice (issue 15)

/**
 * The question bank, upserted from content/questions/** by stable key. `body` holds the item as its
 * file has it (stem, options with their keys and rationales, categories, image, reference). An item
 * removed from the files is marked retired, never deleted: students' attempts keep pointing at it.
 */
export const questionItems = pgTable(
  'question_items',
  {
    key: text('key').primaryKey(),
    level: text('level').notNull(),
    type: text('type').notNull(),
    domain: text('domain').notNull(),
    topic: text('topic').notNull(),
    difficulty: integer('difficulty').notNull(),
    pediatric: boolean('pediatric').notNull().default(false),
    body: jsonb('body').notNull(),
    caseKey: text('case_key'),
    caseOrder: integer('case_order'),
    /** 'practice': served everywhere; 'exam': the exam's own reserve, never shown outside a practice exam */
    pool: text('pool').notNull().default('practice'),
    retired: boolean('retired').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('question_items_level_domain_idx')
      .on(t.level, t.domain)
      .where(sql`not retired`),
    index('question_items_case_idx').on(t.caseKey),
    check('question_items_level_check', inList('level', CONTENT_LEVELS)),
    check('question_items_type_check', inList('type', QUESTION_TYPES)),
    check('question_items_topic_check', inList('topic', FLASHCARD_CATEGORIES)),
    check('question_items_difficulty_check', sql`difficulty between 1 and 5`),
    check('question_items_pool_check', sql`pool in ('practice', 'exam')`),
  ],
);

/** Case sets: one evolving patient; the items point here by `case_key`. */
export const questionCases = pgTable(
  'question_cases',
  {
    key: text('key').primaryKey(),
    level: text('level').notNull(),
    title: text('title').notNull(),
    presentation: text('presentation').notNull(),
    /** text revealed before the item of that case_order: { "2": "…" } */
    updates: jsonb('updates').$type<Record<string, string>>(),
    retired: boolean('retired').notNull().default(false),
  },
  () => [check('question_cases_level_check', inList('level', CONTENT_LEVELS))],
);

/** One item of a session: its key and the order its options are shown in (indexes into the file's options). */
export interface SessionItemRef {
  key: string;
  perm: number[];
}

/** A practice session: the items chosen at its start, in order, with each item's option order. */
export const questionSessions = pgTable(
  'question_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    mode: text('mode').notNull(),
    settings: jsonb('settings').notNull(),
    items: jsonb('items').$type<SessionItemRef[]>().notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    timeLimitS: integer('time_limit_s'),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('question_sessions_user_started_idx').on(t.userId, t.startedAt.desc()),
    check('question_sessions_level_check', inList('level', CONTENT_LEVELS)),
    check('question_sessions_mode_check', inList('mode', QUESTION_MODES)),
  ],
);

/** Every answer a student submits: one per item and session; `client_id` makes a retried request store nothing new. */
export const questionAttempts = pgTable(
  'question_attempts',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => questionSessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    answer: jsonb('answer').notNull(),
    correct: boolean('correct').notNull(),
    timeMs: integer('time_ms').notNull(),
    mode: text('mode').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('question_attempts_user_client_key').on(t.userId, t.clientId),
    uniqueIndex('question_attempts_session_item_key').on(t.sessionId, t.itemKey),
    index('question_attempts_user_item_idx').on(t.userId, t.itemKey, t.createdAt.desc()),
    index('question_attempts_item_idx').on(t.itemKey),
    check('question_attempts_mode_check', inList('mode', QUESTION_MODES)),
    check('question_attempts_time_check', sql`time_ms >= 0`),
  ],
);

export const questionFlags = pgTable(
  'question_flags',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] })],
);

/** "Report a problem" on an item; an admin resolves it (audited). */
export const questionReports = pgTable(
  'question_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    resolvedAt: tstz('resolved_at'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('question_reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('question_reports_item_idx').on(t.itemKey),
    check('question_reports_reason_check', inList('reason', REPORT_REASONS)),
    check('question_reports_status_check', inList('status', REPORT_STATUSES)),
    check('question_reports_text_check', sql`length(text) between 1 and 1000`),
  ],
);

/**
 * Spaced repetition (issue 18, decision 065): one FSRS memory state per student and item. An item is a flashcard (its content
 * key) or, once question practice feeds the queue, a question item (its key): `item_kind` tells which table `item_key` names.
 */
export const srsCards = pgTable(
  'srs_cards',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind').notNull(),
    itemKey: text('item_key').notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
    state: smallint('state').notNull(),
    due: tstz('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    lastReview: tstz('last_review'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemKind, t.itemKey] }),
    /** the due queue: one student's cards in due order */
    index('srs_cards_user_due_idx').on(t.userId, t.due),
    check('srs_cards_item_kind_check', inList('item_kind', SRS_ITEM_KINDS)),
    check('srs_cards_state_check', sql`state between 0 and 3`),
  ],
);

/** Every review, as srs-benchmark and the FSRS optimiser read them; `client_id` makes a retried review count once. */
export const srsReviewLogs = pgTable(
  'srs_review_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    itemKind: text('item_kind').notNull(),
    itemKey: text('item_key').notNull(),
    /** FSRS rating: 1 again, 2 hard, 3 good, 4 easy */
    grade: smallint('grade').notNull(),
    reviewedAt: tstz('reviewed_at').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    stateBefore: smallint('state_before').notNull(),
    stateAfter: smallint('state_after').notNull(),
    stabilityBefore: doublePrecision('stability_before').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyBefore: doublePrecision('difficulty_before').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    dueBefore: tstz('due_before').notNull(),
    dueAfter: tstz('due_after').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    /** where it was given (REVIEW_SOURCES) */
    source: text('source').notNull().default('review'),
  },
  (t) => [
    uniqueIndex('srs_review_logs_user_client_key').on(t.userId, t.clientId),
    index('srs_review_logs_user_reviewed_idx').on(t.userId, t.reviewedAt),
    check('srs_review_logs_item_kind_check', inList('item_kind', SRS_ITEM_KINDS)),
    check('srs_review_logs_grade_check', sql`grade between 1 and 4`),
    check('srs_review_logs_source_check', inList('source', REVIEW_SOURCES)),
  ],
);

/**
 * A student's own FSRS weights, fitted on their review logs by `npm run srs:optimize` (decision 076); no row = FSRS-6's
 * defaults. The figures are the in-sample evaluation that justified them (kept only when no worse than the defaults).
 */
export const srsParameters = pgTable(
  'srs_parameters',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the 21 FSRS-6 weights */
    weights: doublePrecision('weights').array().notNull(),
    /** review logs the fit read, and the long-term reviews it was evaluated on */
    reviews: integer('reviews').notNull(),
    evaluated: integer('evaluated').notNull(),
    logLoss: doublePrecision('log_loss').notNull(),
    rmseBins: doublePrecision('rmse_bins').notNull(),
    defaultLogLoss: doublePrecision('default_log_loss').notNull(),
    defaultRmseBins: doublePrecision('default_rmse_bins').notNull(),
    fittedAt: tstz('fitted_at').notNull().defaultNow(),
  },
  () => [check('srs_parameters_weights_check', sql`cardinality(weights) = 21`)],
);

/** A student's review settings; no row = the defaults. Empty `levels` / `categories` = all the student's course allows. */
export const srsSettings = pgTable(
  'srs_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    desiredRetention: doublePrecision('desired_retention').notNull(),
    newPerDay: integer('new_per_day').notNull(),
    levels: text('levels').array().notNull(),
    categories: text('categories').array().notNull(),
    showHardEasy: boolean('show_hard_easy').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  () => [
    check('srs_settings_retention_check', sql`desired_retention between 0.8 and 0.95`),
    check('srs_settings_new_per_day_check', sql`new_per_day between 0 and 100`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// The adaptive practice exam (issue 17)

/**
 * One practice exam. Items are chosen one at a time on the server (exam_items); the row keeps the plan (pilot
 * positions), the deadline the server enforces, and, once ended, the result as shown.
 */
export const exams = pgTable(
  'exams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    startedAt: tstz('started_at').notNull(),
    deadline: tstz('deadline').notNull(),
    /** 1-based positions of the unscored pilot items */
    pilotPositions: jsonb('pilot_positions').$type<number[]>().notNull(),
    /** the items of the student's previous exam, never given in this one */
    excludedKeys: jsonb('excluded_keys').$type<string[]>().notNull(),
    endedAt: tstz('ended_at'),
    stopReason: text('stop_reason'),
    passed: boolean('passed'),
    theta: doublePrecision('theta'),
    se: doublePrecision('se'),
    readiness: integer('readiness'),
    /** whole percent, 1..99 */
    chance: integer('chance'),
    scored: integer('scored'),
  },
  (t) => [
    index('exams_user_started_idx').on(t.userId, t.startedAt.desc()),
    // one open exam per student: a second concurrent start finds this one instead of making another
    uniqueIndex('exams_one_open_per_user_idx')
      .on(t.userId)
      .where(sql`ended_at is null`),
    check('exams_level_check', inList('level', CONTENT_LEVELS)),
    check('exams_stop_reason_check', sql`stop_reason is null or ${inList('stop_reason', STOP_REASONS)}`),
  ],
);

/** The items of an exam in the order given; the answer (never changed once set) and whether it was right. */
export const examItems = pgTable(
  'exam_items',
  {
    examId: uuid('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemKey: text('item_key')
      .notNull()
      .references(() => questionItems.key, { onDelete: 'cascade' }),
    /** the option order shown (indexes into the file's options) */
    perm: jsonb('perm').$type<number[]>().notNull(),
    pilot: boolean('pilot').notNull(),
    domain: text('domain').notNull(),
    /** the difficulty the exam used for this item */
    b: doublePrecision('b').notNull(),
    givenAt: tstz('given_at').notNull(),
    answer: jsonb('answer'),
    correct: boolean('correct'),
    answeredAt: tstz('answered_at'),
    timeMs: integer('time_ms'),
    clientId: text('client_id'),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.position] }),
    uniqueIndex('exam_items_exam_item_key').on(t.examId, t.itemKey),
    index('exam_items_item_idx').on(t.itemKey),
  ],
);

/**
 * Item parameters re-estimated from stored responses (`npm run items:calibrate`): the Rasch difficulty, its
 * standard error and the number of responses it rests on. Used once n reaches CALIBRATION_MIN_RESPONSES.
 */
export const itemCalibrations = pgTable('item_calibrations', {
  itemKey: text('item_key')
    .primaryKey()
    .references(() => questionItems.key, { onDelete: 'cascade' }),
  b: doublePrecision('b').notNull(),
  se: doublePrecision('se'),
  n: integer('n').notNull(),
  calibratedAt: tstz('calibrated_at').notNull().defaultNow(),
});
