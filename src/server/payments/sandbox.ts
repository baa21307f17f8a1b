import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { SUBSCRIPTION } from '../../shared/constants';
import { addDuration } from '../../shared/coupons';
import type { Db } from '../db/client';
import { sandboxPaymentIntents, sandboxSubscriptions } from '../db/schema';
import { HttpError } from '../lib/http';
import { chargeTestCard, type CardInput } from './cards';
import type { PaymentProvider, PayingUser, ProviderSubscription, ProviderStatus } from './provider';
import { ERROR_CODES } from '../../shared/errors';

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

type Row = typeof sandboxSubscriptions.$inferSelect;
const toProvider = (r: Row): ProviderSubscription => ({
  id: r.id,
  customerId: r.customerId,
  status: r.status as ProviderStatus,
  currentPeriodEnd: r.currentPeriodEnd,
  cancelAtPeriodEnd: r.cancelAtPeriodEnd,
  userId: r.userId,
});

/**
 * An offline card processor that behaves like Stripe's test mode: a monthly subscription created
 * incomplete with a payment to confirm, test cards, renewal at period end unless cancelled, cancel at
 * period end. Its records live in the database; renewals happen when the subscription is next looked
 * at after its period ended (a successful charge of the saved test card), so no job is needed.
 */
export class SandboxProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly publishableKey = null;

  /** `clock` is the product's (deps.now): a test that moves it forward sees a period end and the renewal */
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  async startSubscription(user: PayingUser) {
    const [existing] = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.userId, user.id), eq(sandboxSubscriptions.status, 'incomplete')))
      .orderBy(desc(sandboxSubscriptions.createdAt))
      .limit(1);
    const customerId = user.customerId ?? existing?.customerId ?? id('cus');
    const subscriptionId = existing?.id ?? id('sub');
    if (!existing)
      await this.db
        .insert(sandboxSubscriptions)
        .values({ id: subscriptionId, customerId, userId: user.id, email: user.email, status: 'incomplete' });
    const clientSecret = `${id('pi')}_secret_${randomBytes(12).toString('hex')}`;
    await this.db.insert(sandboxPaymentIntents).values({
      id: clientSecret.split('_secret_')[0]!,
      clientSecret,
      subscriptionId,
      amountCents: SUBSCRIPTION.priceCents,
      status: 'requires_payment_method',
    });
    return { customerId, subscriptionId, clientSecret };
  }

  /** The client side of the sandbox: confirm the payment with a card (what Stripe.js does for Stripe). */
  async confirmPayment(userId: string, clientSecret: string, card: CardInput): Promise<ProviderSubscription> {
    const [intent] = await this.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.clientSecret, clientSecret));
    const [sub] = intent ? await this.db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, intent.subscriptionId)) : [];
    if (!intent || !sub || sub.userId !== userId)
      throw new HttpError(404, ERROR_CODES.paymentNotFound, 'This payment could not be found. Please start again.');
    if (intent.status === 'succeeded') return toProvider(sub);
    const result = chargeTestCard(card, this.clock());
    if (!result.ok) {
      await this.db.update(sandboxPaymentIntents).set({ lastError: result.code }).where(eq(sandboxPaymentIntents.id, intent.id));
      throw new HttpError(402, result.code.toUpperCase(), result.message);
    }
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      await tx.update(sandboxPaymentIntents).set({ status: 'succeeded', lastError: null }).where(eq(sandboxPaymentIntents.id, intent.id));
      const [updated] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'active', currentPeriodStart: now, currentPeriodEnd: addDuration(now, 1, 'months'), cardLast4: result.last4 })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      return toProvider(updated!);
    });
  }

  async findCurrentSubscription(user: PayingUser) {
    const rows = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.userId, user.id), inArray(sandboxSubscriptions.status, ['active', 'canceled'])))
      .orderBy(desc(sandboxSubscriptions.currentPeriodEnd))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    return toProvider(await this.renewIfDue(row));
  }

  /** Rolls an active, uncancelled subscription through every period that has ended. */
  private async renewIfDue(row: Row): Promise<Row> {
    const now = this.clock();
    if (row.status !== 'active' || !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now.getTime()) return row;
    if (row.cancelAtPeriodEnd) {
      const [ended] = await this.db
        .update(sandboxSubscriptions)
        .set({ status: 'canceled' })
        .where(eq(sandboxSubscriptions.id, row.id))
        .returning();
      return ended!;
    }
    let start = row.currentPeriodEnd;
    let end = addDuration(start, 1, 'months');
    while (end.getTime() <= now.getTime()) {
      start = end;
      end = addDuration(start, 1, 'months');
    }
    const [renewed] = await this.db
      .update(sandboxSubscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end })
      .where(eq(sandboxSubscriptions.id, row.id))
      .returning();
    return renewed!;
  }

  async resume(subscriptionId: string) {
    return this.setCancelAtPeriodEnd(subscriptionId, false);
  }

  async cancelAtPeriodEnd(subscriptionId: string) {
    return this.setCancelAtPeriodEnd(subscriptionId, true);
  }

  async chargingSubscriptions(user: PayingUser & { subscriptionId: string | null }) {
    const rows = await this.db
      .select()
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.userId, user.id), inArray(sandboxSubscriptions.status, ['active', 'incomplete'])));
    return rows.map(toProvider);
  }

  async cancelNow(subscriptionId: string) {
    const [row] = await this.db
      .update(sandboxSubscriptions)
      .set({ status: 'canceled', cancelAtPeriodEnd: false })
      .where(eq(sandboxSubscriptions.id, subscriptionId))
      .returning();
    if (!row) throw new HttpError(404, ERROR_CODES.noSubscription, 'No active subscription found');
    return toProvider(row);
  }

  private async setCancelAtPeriodEnd(subscriptionId: string, cancelAtPeriodEnd: boolean) {
    const [row] = await this.db
      .update(sandboxSubscriptions)
      .set({ cancelAtPeriodEnd })
      .where(and(eq(sandboxSubscriptions.id, subscriptionId), eq(sandboxSubscriptions.status, 'active')))
      .returning();
    if (!row) throw new HttpError(404, ERROR_CODES.noSubscription, 'No active subscription found');
    return toProvider(row);
  }
}
