import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../deps';
import { users, webhookEvents } from '../../db/schema';
import { errorBody } from '../../lib/http';
import { StripeProvider, subscriptionIdOf } from '../../payments/stripe';
import { applyProviderSubscription } from './service';

const HANDLED = new Set([
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Stripe's webhook: the signature is verified against the raw body; each event id is applied once;
 * the subscription is read back from Stripe so events arriving out of order cannot set stale state.
 */
export async function stripeWebhook(c: Context<AppEnv>) {
  const { payments, database, log } = c.get('deps');
  if (!(payments instanceof StripeProvider)) return c.json(errorBody('NOT_FOUND', 'Stripe is not configured.'), 404);
  const raw = await c.req.text();
  let event;
  try {
    event = payments.constructEvent(raw, c.req.header('stripe-signature') ?? '');
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'stripe webhook refused: bad signature');
    return c.json(errorBody('BAD_SIGNATURE', 'Webhook signature verification failed.'), 400);
  }
  if (!HANDLED.has(event.type)) return c.json({ received: true, ignored: event.type });
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return c.json({ received: true });

  const db = database.db;
  const fresh = await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  if (fresh.length === 0) return c.json({ received: true, duplicate: true });
  try {
    const sub = await payments.retrieve(subscriptionId);
    const [byCustomer] = sub.userId ? [] : await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, sub.customerId));
    const userId = sub.userId ?? byCustomer?.id;
    if (userId) await applyProviderSubscription(db, userId, sub);
    else log.warn({ subscriptionId, customer: sub.customerId }, 'stripe webhook for an unknown customer');
    return c.json({ received: true });
  } catch (e) {
    // Let Stripe retry: forget the event so the retry is applied.
    await db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    throw e;
  }
}
