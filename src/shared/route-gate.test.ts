import { describe, expect, it } from 'vitest';
import { decideRoute, MEMBER_PATHS, type GateState } from './route-gate';

const signedOut: GateState = {
  authLoading: false,
  signedIn: false,
  resetFlowActive: false,
  onboardingCompleted: false,
  subscriptionLoading: false,
  subscriptionStatus: null,
};
const active: GateState = { ...signedOut, signedIn: true, onboardingCompleted: true, subscriptionStatus: 'active' };
const inactive: GateState = { ...active, subscriptionStatus: 'inactive' };

describe('route gate (docs/product.md §2)', () => {
  it('1. shows "Loading" while authentication loads, whatever the path', () => {
    for (const p of ['/', '/login', '/home', '/newpassword'])
      expect(decideRoute(p, { ...active, authLoading: true })).toEqual({ kind: 'loading' });
  });

  it('2. holds a signed-in user on /newpassword while the reset flag is set', () => {
    const s = { ...active, resetFlowActive: true };
    expect(decideRoute('/newpassword', s)).toEqual({ kind: 'render' });
    for (const p of ['/', '/home', '/login', '/profile', '/nowhere'])
      expect(decideRoute(p, s)).toEqual({ kind: 'redirect', to: '/newpassword' });
    // the flag alone does not lock out a signed-out visitor
    expect(decideRoute('/login', { ...signedOut, resetFlowActive: true })).toEqual({ kind: 'render' });
  });

  describe('3. signed out', () => {
    it('shows onboarding at / until it is completed, then redirects to /login', () => {
      expect(decideRoute('/', signedOut)).toEqual({ kind: 'render' });
      expect(decideRoute('/', { ...signedOut, onboardingCompleted: true })).toEqual({ kind: 'redirect', to: '/login' });
    });
    it('allows the four authentication screens', () => {
      for (const p of ['/login', '/signup', '/forgot-password', '/newpassword']) {
        expect(decideRoute(p, signedOut)).toEqual({ kind: 'render' });
        expect(decideRoute(p, { ...signedOut, onboardingCompleted: true })).toEqual({ kind: 'render' });
      }
    });
    it('redirects any other path to / before onboarding and to /login after', () => {
      for (const p of ['/home', '/subscription', '/admin/users', '/nowhere']) {
        expect(decideRoute(p, signedOut)).toEqual({ kind: 'redirect', to: '/' });
        expect(decideRoute(p, { ...signedOut, onboardingCompleted: true })).toEqual({ kind: 'redirect', to: '/login' });
      }
    });
  });

  it('renders the change-of-address link page signed out, signed in, with or without access', () => {
    for (const s of [signedOut, { ...signedOut, onboardingCompleted: true }, active, inactive, { ...active, subscriptionStatus: null }]) {
      expect(decideRoute('/confirm-email', s)).toEqual({ kind: 'render' });
    }
  });

  it('4. shows "Checking subscription..." while the check runs or before it has run', () => {
    expect(decideRoute('/home', { ...active, subscriptionLoading: true })).toEqual({ kind: 'checking-subscription' });
    expect(decideRoute('/home', { ...active, subscriptionStatus: null })).toEqual({ kind: 'checking-subscription' });
  });

  it('5. lets an active subscriber reach every listed path and sends unknown ones to /home', () => {
    for (const p of MEMBER_PATHS) expect(decideRoute(p, active)).toEqual({ kind: 'render' });
    expect(decideRoute('/home/', active)).toEqual({ kind: 'render' });
    for (const p of ['/login', '/signup', '/nowhere', '/admin']) expect(decideRoute(p, active)).toEqual({ kind: 'redirect', to: '/home' });
  });

  it('5. gives each clinical scenario its own address under /scenarios/', () => {
    expect(decideRoute('/scenarios/immuno', active)).toEqual({ kind: 'render' });
    expect(decideRoute('/scenarios/immuno/', active)).toEqual({ kind: 'render' });
    expect(decideRoute('/scenarios/', active)).toEqual({ kind: 'render' });
    expect(decideRoute('/scenarios/immuno', { ...active, signedIn: false })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/scenarios/immuno', inactive)).toEqual({ kind: 'subscription-page' });
  });

  it('6. shows the subscription page on every path without an active status', () => {
    for (const p of ['/', '/home', '/login', '/nowhere', '/billing']) {
      expect(decideRoute(p, inactive)).toEqual({ kind: 'subscription-page' });
      expect(decideRoute(p, { ...active, subscriptionStatus: 'expired' })).toEqual({ kind: 'subscription-page' });
    }
  });
});
