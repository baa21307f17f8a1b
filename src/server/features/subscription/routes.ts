import { Hono } from 'hono';
import {
  cancelBody,
  paymentIntentBody,
  redeemBody,
  resumeBody,
  sandboxConfirmBody,
  syncBody,
  type RedeemResponse,
  type SandboxConfirmResponse,
  type SyncResponse,
} from '../../../shared/contracts/subscription';
import { COUPON_MESSAGES } from '../../../shared/coupons';
import { ERROR_CODES, MESSAGES } from '../../../shared/errors';
import type { AppEnv } from '../../deps';
import { requireUser, requireUserOrBanned } from '../../auth/middleware';
import { HttpError, readJson } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import { SandboxProvider } from '../../payments/sandbox';
import {
  applyProviderSubscription,
  billingInfo,
  cancelSubscription,
  redeemCode,
  resumeSubscription,
  startPayment,
  syncSubscription,
} from './service';
import { verifyAnswer } from '../../../shared/subscription';
import { stripeWebhook } from './webhook';

export const CODE_RATE_LIMIT = { window: 60, max: 10 };

export const subscriptionRoutes = new Hono<AppEnv>()
  .post('/webhooks/stripe', stripeWebhook)
  // registered before the guard below, so a banned user gets the security alert rather than a 401
  .post('/verify', requireUserOrBanned, (c) => c.json(verifyAnswer(c.get('user'), c.get('deps').now())))
  .use('*', requireUser)
  /** Reconciles the profile with the payment provider (docs/product.md §4, step 4). */
  .post('/sync', async (c) => {
    await readJson(c, syncBody);
    return c.json((await syncSubscription(c.get('deps'), c.get('user').id)) satisfies SyncResponse);
  })
  /** create-payment-intent: starts a monthly subscription whose first payment the client confirms. */
  .post('/payment-intent', async (c) => {
    await readJson(c, paymentIntentBody);
    return c.json(await startPayment(c.get('deps'), c.get('user').id));
  })
  /** The sandbox's stand-in for Stripe.js confirming the card payment. */
  .post('/sandbox/confirm', async (c) => {
    const { payments } = c.get('deps');
    if (!(payments instanceof SandboxProvider)) throw new HttpError(404, ERROR_CODES.notFound, 'The sandbox card processor is not in use.');
    const body = await readJson(c, sandboxConfirmBody);
    const sub = await payments.confirmPayment(c.get('user').id, body.clientSecret, body.card);
    await applyProviderSubscription(c.get('deps'), c.get('user').id, sub);
    return c.json({ status: 'succeeded' } satisfies SandboxConfirmResponse);
  })
  .post('/cancel', async (c) => {
    const { subscriptionId } = await readJson(c, cancelBody);
    if (!subscriptionId) throw new HttpError(404, ERROR_CODES.noSubscription, 'No active subscription found');
    return c.json(await cancelSubscription(c.get('deps'), c.get('user').id, subscriptionId));
  })
  .post('/resume', async (c) => {
    const { subscriptionId } = await readJson(c, resumeBody);
    return c.json(await resumeSubscription(c.get('deps'), c.get('user').id, subscriptionId));
  })
  .get('/billing', async (c) => {
    return c.json(await billingInfo(c.get('deps'), c.get('user').id));
  })
  .post('/codes/redeem', async (c) => {
    const { code } = await readJson(c, redeemBody);
    const { database, config } = c.get('deps');
    if (config.rateLimit) {
      const limit = await consumeRateLimit(database.db, `code:${c.get('user').id}`, CODE_RATE_LIMIT);
      if (!limit.allowed) throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyAttempts);
    }
    const result = await redeemCode(c.get('deps'), c.get('user').id, code);
    return c.json({ ok: true, message: 'Validation code applied! Your access is active.', ...result } satisfies RedeemResponse);
  });

export { COUPON_MESSAGES };
