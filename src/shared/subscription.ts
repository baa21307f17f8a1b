/** Subscription rules shared by server and client (docs/product.md §4). */
import type { VerifyResponse } from './contracts/account';

export interface SubscriptionFields {
  subscriptionStatus: string | null;
  expirationDate: Date | string | null;
}

function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Whether the profile grants access now: status active and the expiration date not yet reached. */
export function hasActiveAccess(s: SubscriptionFields, now: Date = new Date()): boolean {
  if (s.subscriptionStatus !== 'active') return false;
  const exp = toDate(s.expirationDate);
  return exp !== null && exp.getTime() > now.getTime();
}

export type SubscriptionDisplay = 'Active' | 'Expired' | 'Inactive';

/** Billing display rule: Active if active and not past; Expired if the date is past; else Inactive. */
export function subscriptionDisplay(s: SubscriptionFields, now: Date = new Date()): SubscriptionDisplay {
  const exp = toDate(s.expirationDate);
  const past = exp !== null && exp.getTime() < now.getTime();
  if (s.subscriptionStatus === 'active' && !past) return 'Active';
  if (past) return 'Expired';
  return 'Inactive';
}

/** The verify-subscription answer of docs/product.md §3 and §4 (its schema is in the account contract). */
export type { VerifyResponse };

/** The answer for a signed-in user from their profile row (the server reads it with the session). */
export function verifyAnswer(
  profile: SubscriptionFields & { subscriptionStatus: string; banned: boolean; stripeSubscriptionId: string | null },
  now = new Date(),
): VerifyResponse {
  if (profile.banned) {
    return {
      securityAlert: true,
      shouldCreateProfile: false,
      hasAccess: false,
      subscriptionStatus: 'inactive',
      stripeConfirmed: false,
      reason: 'This session is no longer valid.',
    };
  }
  const hasAccess = hasActiveAccess(profile, now);
  const expired = profile.subscriptionStatus === 'active' && !hasAccess;
  return {
    securityAlert: false,
    shouldCreateProfile: false,
    hasAccess,
    subscriptionStatus: expired ? 'expired' : profile.subscriptionStatus,
    stripeConfirmed: hasAccess && profile.stripeSubscriptionId !== null,
    reason: hasAccess ? 'Subscription active' : expired ? 'Subscription expired' : 'No active subscription',
  };
}
