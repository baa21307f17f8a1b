import { hasActiveAccess } from '../../../shared/subscription';
import type { Db } from '../../db/client';
import { getProfile } from '../account/service';

/** The verify-subscription answer of spec sections 3 and 4. */
export interface VerifyResponse {
  security_alert: boolean;
  shouldCreateProfile: boolean;
  hasAccess: boolean;
  subscriptionStatus: string;
  stripeConfirmed: boolean;
  reason: string;
}

export async function verifySubscription(db: Db, user: { id: string; banned: boolean }, now = new Date()): Promise<VerifyResponse> {
  const profile = await getProfile(db, user.id);
  if (!profile || user.banned) {
    return {
      security_alert: true,
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
    security_alert: false,
    shouldCreateProfile: false,
    hasAccess,
    subscriptionStatus: expired ? 'expired' : profile.subscriptionStatus,
    stripeConfirmed: false,
    reason: hasAccess ? 'Subscription active' : expired ? 'Subscription expired' : 'No active subscription',
  };
}
