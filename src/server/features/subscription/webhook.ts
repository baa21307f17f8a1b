import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../deps';
import { users, webhookEvents } from '../../db/schema';
import Stripe from 'stripe';
import { errorBody, hasNul } from '../../lib/http';
import { StripeProvider, subscriptionIdOf } from '../../payments/stripe';
import { applyProviderSubscription } from './service';
import { ERROR_CODES } from '../../../shared/errors';

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
  if (!(payments instanceof StripeProvider)) return c.json(errorBody(ERROR_CODES.notFound, 'Stripe is not configured.'), 404);
  const raw = await c.req.text();
  let event;
  try {
    event = payments.constructEvent(raw, c.req.header('stripe-signature') ?? '');
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'stripe webhook refused: bad signature');
    return c.json(errorBody(ERROR_CODES.badSignature, 'Webhook signature verification failed.'), 400);
  }
  // Signed is not well-formed: answer 400 (Stripe stops retrying a 4xx) rather than fail on every retry.
  const malformed = wellFormed(event);
  if (malformed) {
    log.warn({ problem: malformed }, 'stripe webhook refused: malformed event');
    return c.json(errorBody(ERROR_CODES.malformedEvent, `The webhook event is malformed: ${malformed}.`), 400);
  }
  if (!HANDLED.has(event.type)) return c.json({ received: true, ignored: event.type });
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return c.json({ received: true });

  const db = database.db;
  const fresh = await db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
  if (fresh.length === 0) return c.json({ received: true, duplicate: true });
  try {
    const sub = await payments.retrieve(subscriptionId).catch((err: unknown) => {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
      throw err;
    });
    // A subscription Stripe does not know (another account's, or removed): nothing to apply, nothing to retry.
    if (!sub) {
      log.warn({ subscriptionId, type: event.type }, 'stripe webhook for an unknown subscription: ignored');
      return c.json({ received: true, ignored: 'unknown subscription' });
    }
    const [byCustomer] = sub.userId ? [] : await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, sub.customerId));
    const userId = sub.userId ?? byCustomer?.id;
    if (userId) await applyProviderSubscription(c.get('deps'), userId, sub);
    else log.warn({ subscriptionId, customer: sub.customerId }, 'stripe webhook for an unknown customer');
    return c.json({ received: true });
  } catch (e) {
    // Let Stripe retry: forget the event so the retry is applied.
    await db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    throw e;
  }
}

/** What a verified event must look like before we use it; the problem, or null when it is fine. */
function wellFormed(event: unknown): string | null {
  const e = event as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e !== 'object') return 'not an object';
  if (hasNul(e)) return 'it contains NUL characters';
  if (typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 255) return 'id must be a non-empty string';
  if (typeof e.type !== 'string' || e.type.length === 0) return 'type must be a non-empty string';
  if (!e.data || typeof e.data !== 'object' || !e.data.object || typeof e.data.object !== 'object' || Array.isArray(e.data.object))
    return 'data.object must be an object';
  const id = (e.data.object as { id?: unknown }).id;
  if (id !== undefined && typeof id !== 'string') return 'data.object.id must be a string';
  return null;
}
