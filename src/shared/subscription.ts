/** Subscription rules shared by server and client (spec section 4). */

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
