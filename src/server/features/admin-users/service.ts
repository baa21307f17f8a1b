import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { analyticsFromGroups } from '../../../shared/analytics';
import { COURSE_LEVELS, ROLES, type CourseLevel, type Role } from '../../../shared/constants';
import type { AdminUser, AdminUsersQuery, AdminUsersResponse, UserAnalyticsResponse } from '../../../shared/contracts/admin-users';
import { extendedExpiration } from '../../../shared/coupons';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { userInteractions, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { HttpError } from '../../lib/http';
import type { AuditBy } from '../../lib/audit-by';
import { ERROR_CODES } from '../../../shared/errors';

export const USERS_PAGE_SIZE = 25;

/** The columns of one user as the admin screens show them (the contract's `adminUser`). */
const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  courseLevel: users.courseLevel,
  subscriptionStatus: users.subscriptionStatus,
  expirationDate: users.expirationDate,
  currentStreak: users.currentStreak,
  lastLogin: users.lastLogin,
  deviceType: users.deviceType,
  createdAt: users.createdAt,
  emailVerified: users.emailVerified,
  /** a card subscription (sandbox or Stripe) is on file: deleting the user cancels it first */
  paidSubscription: sql<boolean>`${users.stripeSubscriptionId} is not null`.mapWith(Boolean),
};
type AdminUserRow = Omit<AdminUser, 'role' | 'courseLevel' | 'expirationDate' | 'lastLogin' | 'createdAt'> & {
  role: string;
  courseLevel: string;
  expirationDate: Date | null;
  lastLogin: Date | null;
  createdAt: Date;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const oneOf = <T extends string>(values: readonly T[], v: string, fallback: T): T =>
  (values as readonly string[]).includes(v) ? (v as T) : fallback;

/** A user row as the API sends it: dates as ISO strings (the contract in shared/contracts/admin-users.ts). */
export function adminUserJson(row: AdminUserRow): AdminUser {
  return {
    ...row,
    role: oneOf(ROLES, row.role, 'user'),
    courseLevel: oneOf(COURSE_LEVELS, row.courseLevel, 'Paramedic'),
    expirationDate: iso(row.expirationDate),
    lastLogin: iso(row.lastLogin),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getAdminUser({ db }: ServiceDeps, id: string): Promise<AdminUser> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
  return adminUserJson(row);
}

const searchExpr = sql`(lower(${users.email}) || ' ' || lower(coalesce(${users.firstName}, '')) || ' ' || lower(coalesce(${users.lastName}, '')))`;

/** LIKE pattern for a substring search, with the user's %, _ and \ taken literally. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listUsers({ db }: ServiceDeps, opts: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL[] = [];
  if (opts.q) where.push(sql`${searchExpr} like ${containsPattern(opts.q)}`);
  if (opts.role !== 'all') where.push(eq(users.role, opts.role));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset(opts.page * USERS_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(filter),
  ]);
  return { users: rows.map(adminUserJson), total: total?.n ?? 0, page: opts.page, pageSize: USERS_PAGE_SIZE };
}

export async function userAnalytics({ db }: ServiceDeps, userId: string): Promise<UserAnalyticsResponse> {
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
  const rows = await db
    .select({
      feature_type: userInteractions.featureType,
      action_type: userInteractions.actionType,
      events: sql<number>`count(*)::int`,
      seconds: sql<number>`coalesce(sum(${userInteractions.durationSeconds}), 0)::int`,
      last: sql<string>`max(${userInteractions.createdAt})`,
    })
    .from(userInteractions)
    .where(eq(userInteractions.userId, userId))
    .groupBy(userInteractions.featureType, userInteractions.actionType);
  return analyticsFromGroups(rows);
}

/**
 * Role changes and deletions lock the administrators' rows, so two administrators acting at once can
 * never leave the system without one; nobody can demote or delete themselves.
 */
async function guardAdminChange(tx: Db, actingId: string, targetId: string, verb: 'demote' | 'delete') {
  if (actingId === targetId)
    throw new HttpError(
      409,
      ERROR_CODES.selfChange,
      verb === 'delete' ? 'You cannot delete your own account.' : 'You cannot remove your own administrator role.',
    );
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, targetId)).for('update');
  if (!target) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
  if (target.role === 'admin' && admins.length <= 1)
    throw new HttpError(409, ERROR_CODES.lastAdmin, 'The last administrator cannot be removed.');
  return target;
}

export async function setRole(deps: ServiceDeps, by: AuditBy, targetId: string, role: Role): Promise<AdminUser> {
  await deps.db.transaction(async (tx) => {
    if (role !== 'admin') await guardAdminChange(tx, by.actor!.id, targetId, 'demote');
    const [before] = await tx.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, targetId)).for('update');
    if (!before) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
    await tx.update(users).set({ role, updatedAt: deps.now() }).where(eq(users.id, targetId));
    if (before.role !== role)
      await recordAudit(tx, {
        action: 'user.role',
        ...by,
        target: { type: 'user', id: targetId, label: before.email },
        before: { role: before.role },
        after: { role },
      });
  });
  return getAdminUser(deps, targetId);
}

/** An administrator changes a user's course level (docs/product.md §10.1); audited when it changes. */
export async function setCourseLevel(deps: ServiceDeps, by: AuditBy, targetId: string, courseLevel: CourseLevel): Promise<AdminUser> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ courseLevel: users.courseLevel, email: users.email })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!before) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
    if (before.courseLevel === courseLevel) return;
    // an administrator's setting is the student's level chosen: home does not ask it again (decision 107)
    await tx.update(users).set({ courseLevel, courseLevelChosenAt: deps.now(), updatedAt: deps.now() }).where(eq(users.id, targetId));
    await recordAudit(tx, {
      action: 'user.course_level',
      ...by,
      target: { type: 'user', id: targetId, label: before.email },
      before: { courseLevel: before.courseLevel },
      after: { courseLevel },
    });
  });
  return getAdminUser(deps, targetId);
}

/**
 * An administrator grants days of access (docs/product.md §10.1): like a validation code, the days are added to the later of now and
 * the current expiration, and the subscription status becomes active. A card subscription on file keeps renewing as before.
 */
export async function grantAccess(deps: ServiceDeps, by: AuditBy, targetId: string, days: number): Promise<AdminUser> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email: users.email, subscriptionStatus: users.subscriptionStatus, expirationDate: users.expirationDate })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!before) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
    const expirationDate = extendedExpiration(before.expirationDate, now, days, 'days');
    await tx.update(users).set({ subscriptionStatus: 'active', expirationDate, updatedAt: now }).where(eq(users.id, targetId));
    await recordAudit(tx, {
      action: 'user.access_granted',
      ...by,
      target: { type: 'user', id: targetId, label: before.email },
      before: { subscriptionStatus: before.subscriptionStatus, expirationDate: iso(before.expirationDate) },
      after: { days, subscriptionStatus: 'active', expirationDate: expirationDate.toISOString() },
    });
  });
  return getAdminUser(deps, targetId);
}

export const CANCEL_FAILED_MESSAGE =
  'The user was not deleted: their card subscription could not be cancelled with the payment provider. Try again in a few minutes.';

/**
 * Deletes the sign-in, sessions, profile and every personal row (foreign keys cascade). A user with
 * a card subscription on file has every subscription that could still charge them cancelled at the
 * provider first; if the provider cannot be reached or refuses, nobody is deleted.
 */
export async function deleteUser({ db, payments, log }: ServiceDeps<'payments' | 'log'>, by: AuditBy, targetId: string) {
  const actingId = by.actor!.id;
  const [target] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      courseLevel: users.courseLevel,
      subscriptionStatus: users.subscriptionStatus,
      expirationDate: users.expirationDate,
      customerId: users.stripeCustomerId,
      subscriptionId: users.stripeSubscriptionId,
    })
    .from(users)
    .where(eq(users.id, targetId));
  if (!target) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
  // Refuse before touching the provider what the locked check below would refuse anyway.
  await db.transaction((tx) => guardAdminChange(tx as unknown as Db, actingId, targetId, 'delete'));

  const cancelled: string[] = [];
  if (target.customerId || target.subscriptionId) {
    try {
      const charging = await payments.chargingSubscriptions({
        id: target.id,
        email: target.email,
        customerId: target.customerId,
        subscriptionId: target.subscriptionId,
      });
      for (const sub of charging) {
        await payments.cancelNow(sub.id);
        cancelled.push(sub.id);
      }
    } catch (err) {
      log.error({ err, userId: target.id, cancelled }, 'deleting a user: cancelling their subscription failed; the user was kept');
      throw new HttpError(502, ERROR_CODES.paymentProviderError, CANCEL_FAILED_MESSAGE);
    }
  }

  await db.transaction(async (tx) => {
    await guardAdminChange(tx, actingId, targetId, 'delete');
    await recordAudit(tx, {
      action: 'user.delete',
      ...by,
      target: { type: 'user', id: target.id, label: target.email },
      before: {
        email: target.email,
        role: target.role,
        courseLevel: target.courseLevel,
        subscriptionStatus: target.subscriptionStatus,
        expirationDate: target.expirationDate,
      },
      after: { cancelledSubscriptions: cancelled },
    });
    await tx.delete(users).where(eq(users.id, targetId));
  });
  return { cancelledSubscriptions: cancelled };
}

export async function sendResetEmail({ db, auth, config }: ServiceDeps<'auth' | 'config'>, by: AuditBy, targetId: string) {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, targetId));
  if (!u) throw new HttpError(404, ERROR_CODES.notFound, 'This user no longer exists.');
  await auth.api.requestPasswordReset({ body: { email: u.email, redirectTo: `${config.publicUrl}/newpassword` } });
  await recordAudit(db, { action: 'user.reset_password_sent', ...by, target: { type: 'user', id: targetId, label: u.email } });
}
