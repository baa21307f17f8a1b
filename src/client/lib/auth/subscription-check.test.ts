import { describe, expect, it, vi } from 'vitest';
import { runSubscriptionCheck, type CheckDeps, type VerifyResponse } from './subscription-check';

function deps(verify: VerifyResponse[] | Error, sync: { synced?: boolean } | Error = { synced: false }) {
  const answers = Array.isArray(verify) ? [...verify] : [];
  const d: CheckDeps = {
    verify: vi.fn(async () => {
      if (verify instanceof Error) throw verify;
      return answers.shift() ?? {};
    }),
    createProfile: vi.fn(async () => undefined),
    sync: vi.fn(async () => {
      if (sync instanceof Error) throw sync;
      return sync;
    }),
    signOut: vi.fn(async () => undefined),
    log: vi.fn(),
  };
  return d;
}

describe('subscription check (docs/product.md §4)', () => {
  it('1. creates the profile when verify says the user was not found', async () => {
    const d = deps(new Error('User not found'));
    expect(await runSubscriptionCheck(d)).toBe('inactive');
    expect(d.createProfile).toHaveBeenCalledOnce();
  });

  it('any other verify error is logged and leaves the status inactive', async () => {
    const d = deps(new Error('boom'));
    expect(await runSubscriptionCheck(d)).toBe('inactive');
    expect(d.createProfile).not.toHaveBeenCalled();
    expect(d.log).toHaveBeenCalled();
  });

  it('2. a security alert signs the user out', async () => {
    const d = deps([{ securityAlert: true, hasAccess: true, subscriptionStatus: 'active' }]);
    expect(await runSubscriptionCheck(d)).toBe('inactive');
    expect(d.signOut).toHaveBeenCalledOnce();
  });

  it('3. shouldCreateProfile inserts the profile and is inactive', async () => {
    const d = deps([{ shouldCreateProfile: true }]);
    expect(await runSubscriptionCheck(d)).toBe('inactive');
    expect(d.createProfile).toHaveBeenCalledOnce();
    expect(d.sync).not.toHaveBeenCalled();
  });

  it('4. without access, syncs once and verifies again', async () => {
    const d = deps(
      [
        { hasAccess: false, subscriptionStatus: 'inactive' },
        { hasAccess: true, subscriptionStatus: 'active' },
      ],
      { synced: true },
    );
    expect(await runSubscriptionCheck(d)).toBe('active');
    expect(d.sync).toHaveBeenCalledOnce();
    expect(d.verify).toHaveBeenCalledTimes(2);
  });

  it('4. a sync that finds nothing does not verify again', async () => {
    const d = deps([{ hasAccess: false, subscriptionStatus: 'inactive' }]);
    expect(await runSubscriptionCheck(d)).toBe('inactive');
    expect(d.verify).toHaveBeenCalledOnce();
  });

  it('4. a failed sync is only logged', async () => {
    const d = deps([{ hasAccess: false, subscriptionStatus: 'expired' }], new Error('provider down'));
    expect(await runSubscriptionCheck(d)).toBe('expired');
  });

  it('5. access makes it active; otherwise the server status, or inactive', async () => {
    expect(await runSubscriptionCheck(deps([{ hasAccess: true, subscriptionStatus: 'active' }]))).toBe('active');
    expect(await runSubscriptionCheck(deps([{ hasAccess: false, subscriptionStatus: 'past_due' }]))).toBe('past_due');
    expect(await runSubscriptionCheck(deps([{ hasAccess: false }]))).toBe('inactive');
    // the server's word "active" without access does not open the app
    expect(await runSubscriptionCheck(deps([{ hasAccess: false, subscriptionStatus: 'active' }]))).toBe('inactive');
  });
});
