import { eq, sql } from 'drizzle-orm';
import type {
  AccessSource,
  BillingResponse,
  CancelResponse,
  PaymentIntentResponse,
  ResumeResponse,
} from '../../../shared/contracts/subscription';
import { subscriptionDisplay } from '../../../shared/subscription';
import { SUBSCRIPTION } from '../../../shared/constants';
import { COUPON_MESSAGES, extendedExpiration, normaliseCode } from '../../../shared/coupons';
import type { DurationType } from '../../../shared/constants';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { couponCodes, couponRedemptions, users } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { grantsAccess, type ProviderSubscription } from '../../payments/provider';
import { ERROR_CODES } from '../../../shared/errors';

async function payingUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      customerId: users.stripeCustomerId,
      status: users.subscriptionStatus,
      exp: users.expirationDate,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(404, ERROR_CODES.notFound, COUPON_MESSAGES.failedUserData);
  return row;
}

/**
 * Brings the profile in line with the provider's subscription (payment confirmed, sync, webhooks).
 * Access runs to the end of the paid period; a code's later expiration is never shortened. Only the
 * subscription on the profile can take access away: news about an older or abandoned one cannot.
 */
export async function applyProviderSubscription(
  { db, now: clock }: ServiceDeps,
  userId: string,
  sub: ProviderSubscription,
): Promise<boolean> {
  const [row] = await db.select({ exp: users.expirationDate, subId: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId));
  if (!row) return false;
  if (grantsAccess(sub.status) && sub.currentPeriodEnd !== null) {
    const expirationDate = row.exp && row.exp > sub.currentPeriodEnd ? row.exp : sub.currentPeriodEnd;
    await db
      .update(users)
      .set({ subscriptionStatus: 'active', expirationDate, stripeCustomerId: sub.customerId, stripeSubscriptionId: sub.id })
      .where(eq(users.id, userId));
    return true;
  }
  const ended = sub.status === 'canceled' || sub.status === 'unpaid';
  if (!ended || sub.id !== row.subId) return false; // incomplete ones never granted anything
  // The provider ended the current subscription early (e.g. cancelled at once from its dashboard):
  // access ends with it, unless a code granted time beyond the provider's period.
  const now = clock();
  const periodEnd = sub.currentPeriodEnd && sub.currentPeriodEnd < now ? sub.currentPeriodEnd : now;
  await db
    .update(users)
    .set({
      stripeSubscriptionId: null,
      ...(row.exp && row.exp > (sub.currentPeriodEnd ?? now) ? {} : { subscriptionStatus: 'inactive', expirationDate: periodEnd }),
    })
    .where(eq(users.id, userId));
  return false;
}

/**
 * create-payment-intent. The provider is asked first, so a student never pays twice: a running
 * subscription is refused (and healed into the profile), one cancelled at period end is resumed.
 */
export async function startPayment(deps: ServiceDeps<'payments'>, userId: string): Promise<PaymentIntentResponse> {
  const { db, payments } = deps;
  const user = await payingUser(db, userId);
  const current = await payments.findCurrentSubscription(user);
  if (current && grantsAccess(current.status)) {
    if (current.cancelAtPeriodEnd) {
      const resumed = await payments.resume(current.id);
      await applyProviderSubscription(deps, userId, resumed);
      return { resumed: true, provider: payments.kind };
    }
    await applyProviderSubscription(deps, userId, current);
    throw new HttpError(409, ERROR_CODES.alreadySubscribed, 'You already have an active subscription.');
  }
  const started = await payments.startSubscription(user);
  await db.update(users).set({ stripeCustomerId: started.customerId }).where(eq(users.id, userId));
  return {
    resumed: false,
    clientSecret: started.clientSecret,
    provider: payments.kind,
    publishableKey: payments.publishableKey,
    amountCents: SUBSCRIPTION.priceCents,
  };
}

export async function syncSubscription(deps: ServiceDeps<'payments'>, userId: string): Promise<{ synced: boolean }> {
  const { db, payments } = deps;
  const user = await payingUser(db, userId);
  const sub = await payments.findCurrentSubscription(user);
  if (!sub) return { synced: false };
  return { synced: await applyProviderSubscription(deps, userId, sub) };
}

export async function cancelSubscription(deps: ServiceDeps<'payments'>, userId: string, subscriptionId: string): Promise<CancelResponse> {
  const { db, payments } = deps;
  const [row] = await db.select({ subId: users.stripeSubscriptionId, exp: users.expirationDate }).from(users).where(eq(users.id, userId));
  if (!row?.subId || row.subId !== subscriptionId) throw new HttpError(404, ERROR_CODES.noSubscription, 'No active subscription found');
  const sub = await payments.cancelAtPeriodEnd(subscriptionId);
  const accessUntil = row.exp && sub.currentPeriodEnd && row.exp > sub.currentPeriodEnd ? row.exp : (sub.currentPeriodEnd ?? row.exp);
  return { canceled: true, cancelAtPeriodEnd: true, accessUntil: accessUntil?.toISOString() ?? null };
}

/** Billing → "Resume subscription": undoes a cancellation at period end (`cancel_at_period_end: false`); it renews again. */
export async function resumeSubscription(deps: ServiceDeps<'payments'>, userId: string, subscriptionId: string): Promise<ResumeResponse> {
  const { db, payments } = deps;
  const [row] = await db.select({ subId: users.stripeSubscriptionId }).from(users).where(eq(users.id, userId));
  if (!row?.subId || row.subId !== subscriptionId) throw new HttpError(404, ERROR_CODES.noSubscription, 'No active subscription found');
  const sub = await payments.resume(subscriptionId);
  await applyProviderSubscription(deps, userId, sub);
  return { resumed: true, renewsOn: sub.currentPeriodEnd?.toISOString() ?? null };
}

export async function billingInfo(deps: ServiceDeps<'payments'>, userId: string): Promise<BillingResponse> {
  const { db, payments } = deps;
  const [row] = await db
    .select({
      subscriptionStatus: users.subscriptionStatus,
      expirationDate: users.expirationDate,
      stripeCustomerId: users.stripeCustomerId,
      stripeSubscriptionId: users.stripeSubscriptionId,
      email: users.email,
      id: users.id,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(404, ERROR_CODES.notFound, 'Failed to load subscription information');
  let cancelAtPeriodEnd = false;
  if (row.stripeSubscriptionId) {
    const sub = await payments
      .findCurrentSubscription({ id: row.id, email: row.email, customerId: row.stripeCustomerId })
      .catch(() => null);
    cancelAtPeriodEnd = sub?.id === row.stripeSubscriptionId ? sub.cancelAtPeriodEnd : false;
  }
  const source = await accessSource(db, row, deps.now());
  return {
    subscriptionStatus: row.subscriptionStatus,
    expirationDate: row.expirationDate?.toISOString() ?? null,
    stripeSubscriptionId: row.stripeSubscriptionId,
    cancelAtPeriodEnd,
    source,
    renews: source === 'card' && !cancelAtPeriodEnd,
    plan: SUBSCRIPTION.planName,
    price: SUBSCRIPTION.priceLabel,
    provider: payments.kind,
  };
}

/**
 * Where access comes from (docs/product.md §10.2): a card subscription on the profile; otherwise a validation code the student
 * redeemed; otherwise days an administrator granted (the user card, `user:create --active-days`). No access: `none`.
 */
async function accessSource(
  db: Db,
  row: { id: string; subscriptionStatus: string; expirationDate: Date | null; stripeSubscriptionId: string | null },
  now: Date,
): Promise<AccessSource> {
  if (subscriptionDisplay(row, now) !== 'Active') return 'none';
  if (row.stripeSubscriptionId) return 'card';
  const [redeemed] = await db
    .select({ at: couponRedemptions.redeemedAt })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.userId, row.id))
    .limit(1);
  return redeemed ? 'code' : 'admin';
}

/**
 * Redeems a validation code in one transaction: the coupon row is locked, so concurrent redemptions
 * queue and the usage limit holds; each user redeems a code once; access is extended from the later
 * of now and the current expiration date.
 */
export async function redeemCode({ db, now: clock }: ServiceDeps, userId: string, rawCode: string) {
  const now = clock();
  const code = normaliseCode(rawCode);
  if (!code) throw new HttpError(400, ERROR_CODES.codeRequired, COUPON_MESSAGES.enterCode);
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select().from(couponCodes).where(eq(couponCodes.code, code)).for('update');
    if (!coupon) throw new HttpError(404, ERROR_CODES.invalidCode, COUPON_MESSAGES.invalid);
    if (!coupon.isActive) throw new HttpError(409, ERROR_CODES.codeInactive, COUPON_MESSAGES.inactive);
    if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit)
      throw new HttpError(409, ERROR_CODES.codeLimitReached, COUPON_MESSAGES.limitReached);
    const [user] = await tx
      .select({ exp: users.expirationDate, status: users.subscriptionStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new HttpError(404, ERROR_CODES.notFound, COUPON_MESSAGES.failedUserData);
    const inserted = await tx.insert(couponRedemptions).values({ couponId: coupon.id, userId }).onConflictDoNothing().returning();
    if (inserted.length === 0) throw new HttpError(409, ERROR_CODES.codeAlreadyUsed, COUPON_MESSAGES.alreadyUsed);
    await tx
      .update(couponCodes)
      .set({ timesUsed: sql`${couponCodes.timesUsed} + 1` })
      .where(eq(couponCodes.id, coupon.id));
    const current = user.status === 'active' ? user.exp : null;
    const expirationDate = extendedExpiration(current, now, coupon.duration, coupon.durationType as DurationType);
    await tx.update(users).set({ subscriptionStatus: 'active', expirationDate }).where(eq(users.id, userId));
    return { expirationDate: expirationDate.toISOString(), duration: coupon.duration, durationType: coupon.durationType };
  });
}
