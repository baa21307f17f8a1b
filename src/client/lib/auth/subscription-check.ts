import type { VerifyResponse as VerifyAnswer } from '@shared/contracts/account';
import type { ProfileResponse } from '@shared/contracts/profile';
import type { SyncResponse } from '@shared/contracts/subscription';
import { api, ApiError } from '../api';

/** The server's verify answer (the account contract), read defensively: any field may be missing. */
export type VerifyResponse = Partial<VerifyAnswer>;

export interface CheckDeps {
  verify: () => Promise<VerifyResponse>;
  createProfile: () => Promise<void>;
  sync: () => Promise<Partial<SyncResponse>>;
  signOut: () => Promise<void>;
  log: (message: string, detail?: unknown) => void;
}

/**
 * The subscription check of docs/product.md §4, steps 1–5 in order. Returns the status the gate uses;
 * any unexpected failure is `inactive`. `first`, when given, is step 1's answer already at hand.
 */
export async function runSubscriptionCheck(deps: CheckDeps, first?: VerifyResponse | null): Promise<string> {
  try {
    let res: VerifyResponse;
    try {
      // The session answer carries the first verify, saving a request at start-up.
      res = first ?? (await deps.verify());
    } catch (e) {
      deps.log('verify-subscription failed', e);
      // 1. The server does not know this user: create the profile row, then inactive.
      if (e instanceof Error && /user not found/i.test(e.message)) {
        await deps.createProfile().catch((err) => deps.log('profile creation failed', err));
      }
      return 'inactive';
    }
    // 2. Security alert: sign out.
    if (res.securityAlert) {
      deps.log('security alert: signing out', res.reason);
      await deps.signOut().catch(() => undefined);
      return 'inactive';
    }
    // 3. The server asks for a profile row.
    if (res.shouldCreateProfile) {
      await deps.createProfile().catch((err) => deps.log('profile creation failed', err));
      return 'inactive';
    }
    // 4. No access: one sync with the payment provider, then verify again.
    if (!res.hasAccess && res.subscriptionStatus !== 'active') {
      try {
        const sync = await deps.sync();
        if (sync.synced) {
          const again = await deps.verify();
          if (again.hasAccess) return 'active';
          res = again;
        }
      } catch (e) {
        deps.log('sync-subscription failed', e);
      }
    }
    // 5. Access → active; otherwise the server's status, or inactive.
    if (res.hasAccess) return 'active';
    return res.subscriptionStatus && res.subscriptionStatus !== 'active' ? res.subscriptionStatus : 'inactive';
  } catch (e) {
    deps.log('subscription check failed', e);
    return 'inactive';
  }
}

export const subscriptionApi = {
  verify: () => api<VerifyAnswer>('/api/subscription/verify', { json: {} }),
  sync: (email: string) => api<SyncResponse>('/api/subscription/sync', { json: { email } }),
  createProfile: () => api<ProfileResponse>('/api/account/profile', { json: {} }).then(() => undefined),
};

export { ApiError };
