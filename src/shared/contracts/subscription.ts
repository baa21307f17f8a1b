import { z } from 'zod';
import { COUPON_MESSAGES } from '../coupons';

// The subscription and billing API's contract (decision 035): request bodies the server validates with, responses it is
// type-checked against and tests/api/contracts.test.ts parses.

const isoDate = z.string();
const provider = z.enum(['sandbox', 'stripe']);

/** POST /api/subscription/sync (docs/product.md §4, step 4) */
export const syncBody = z.object({ email: z.string().max(254).optional() });
export const syncResponse = z.strictObject({ synced: z.boolean() });
export type SyncResponse = z.infer<typeof syncResponse>;

/** POST /api/subscription/payment-intent: a payment to confirm, or a cancellation at period end undone (nothing to pay). */
export const paymentIntentBody = z.object({ email: z.string().max(254).optional(), priceId: z.string().max(200).optional() });
export const paymentIntentResponse = z.discriminatedUnion('resumed', [
  z.strictObject({ resumed: z.literal(true), provider }),
  z.strictObject({
    resumed: z.literal(false),
    clientSecret: z.string(),
    provider,
    publishableKey: z.string().nullable(),
    amountCents: z.number().int(),
  }),
]);
export type PaymentIntentResponse = z.infer<typeof paymentIntentResponse>;
export type PaymentIntent = Extract<PaymentIntentResponse, { resumed: false }>;

/** POST /api/subscription/sandbox/confirm: the sandbox's stand-in for Stripe.js. */
export const sandboxCardForm = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().min(1, 'Your card number is incomplete.').max(19, 'Your card number is invalid.')),
  expiry: z
    .string()
    .regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/, "Your card's expiration date is incomplete.")
    .transform((v) => {
      const [mm = '', yy = ''] = v.split('/').map((p) => p.trim());
      return { expMonth: Number(mm), expYear: 2000 + Number(yy) };
    }),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export const sandboxConfirmBody = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({ number: z.string().max(30), expMonth: z.number().int(), expYear: z.number().int(), cvc: z.string().max(4) }),
  billingEmail: z.string().max(254).optional(),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBody>;
export const sandboxConfirmResponse = z.strictObject({ status: z.literal('succeeded') });
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponse>;

/** POST /api/subscription/cancel: cancel at period end. */
export const cancelBody = z.object({ subscriptionId: z.string().max(200).nullable().optional() });
export const cancelResponse = z.strictObject({
  canceled: z.literal(true),
  cancelAtPeriodEnd: z.literal(true),
  accessUntil: isoDate.nullable(),
});
export type CancelResponse = z.infer<typeof cancelResponse>;

/** POST /api/subscription/resume: undoes a cancellation at period end; the subscription renews again. */
export const resumeBody = z.object({ subscriptionId: z.string().max(200) });
export const resumeResponse = z.strictObject({ resumed: z.literal(true), renewsOn: isoDate.nullable() });
export type ResumeResponse = z.infer<typeof resumeResponse>;

/**
 * Where the student's access comes from (docs/product.md §10.2): a card subscription, a validation code, or days granted by an
 * administrator (the admin screen or `user:create --active-days`); `none` without access.
 */
export const ACCESS_SOURCES = ['card', 'code', 'admin', 'none'] as const;
export type AccessSource = (typeof ACCESS_SOURCES)[number];

/** GET /api/subscription/billing */
export const billingResponse = z.strictObject({
  subscriptionStatus: z.string(),
  expirationDate: isoDate.nullable(),
  stripeSubscriptionId: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** the source of the access in force now */
  source: z.enum(ACCESS_SOURCES),
  /** a card subscription that renews at `expirationDate` (active, not cancelled at period end) */
  renews: z.boolean(),
  plan: z.string(),
  price: z.string(),
  provider,
});
export type BillingResponse = z.infer<typeof billingResponse>;

/** POST /api/subscription/codes/redeem */
export const redeemBody = z.object({
  code: z.string().trim().min(1, COUPON_MESSAGES.enterCode).max(100, 'Codes are at most 100 characters'),
});
export type RedeemBody = z.infer<typeof redeemBody>;
export const redeemResponse = z.strictObject({
  ok: z.literal(true),
  message: z.string(),
  expirationDate: isoDate,
  duration: z.number().int(),
  durationType: z.string(),
});
export type RedeemResponse = z.infer<typeof redeemResponse>;
