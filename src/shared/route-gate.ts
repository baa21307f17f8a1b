/**
 * The route gate of docs/product.md §2 as a pure function of the app's state, so the rules can be
 * tested without a browser and the router only renders what this decides.
 */
export type SubscriptionStatus = 'active' | 'inactive' | (string & {}) | null;

export interface GateState {
  authLoading: boolean;
  signedIn: boolean;
  /** the `password_reset_flow` session-storage flag */
  resetFlowActive: boolean;
  /** the `onboardingCompleted` local-storage flag */
  onboardingCompleted: boolean;
  subscriptionLoading: boolean;
  subscriptionStatus: SubscriptionStatus;
}

export type GateDecision =
  | { kind: 'loading' }
  | { kind: 'checking-subscription' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string }
  | { kind: 'subscription-page' };

export const PUBLIC_PATHS = ['/login', '/signup', '/forgot-password', '/newpassword'] as const;

/** Links from e-mails that work signed in or out, with or without a subscription (a change of address). */
export const ANY_STATE_PATHS = ['/confirm-email'] as const;

export const MEMBER_PATHS = [
  '/',
  '/home',
  '/flashcards',
  '/review',
  '/paramedicflashcards',
  '/emtflashcards',
  '/videos',
  '/search',
  '/saved',
  '/calendar',
  '/profile',
  '/badges',
  '/billing',
  '/scenarios',
  '/draganddrop',
  '/sorting',
  '/questions',
  '/exam',
  '/progress',
  '/admin/users',
  '/admin/codes',
  '/admin/audit',
  '/admin/content',
  '/admin/nremt-results',
  '/admin/readiness',
  '/admin/standards',
  '/admin/jobs',
  '/instructor',
  '/standard-setting',
  '/subscription',
] as const;

/**
 * Member screens with a part of their own: one clinical scenario, /scenarios/<key>; one practice exam, /exam/<id>; one
 * standard-setting study a panelist rates, /standard-setting/<id>.
 */
const MEMBER_PREFIXES = ['/scenarios/', '/exam/', '/standard-setting/'] as const;

export function isMemberPath(path: string): boolean {
  return (MEMBER_PATHS as readonly string[]).includes(path) || MEMBER_PREFIXES.some((p) => path.startsWith(p) && path.length > p.length);
}

function normalise(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function decideRoute(pathname: string, s: GateState): GateDecision {
  const path = normalise(pathname);
  // 1. Authentication state still loading.
  if (s.authLoading) return { kind: 'loading' };
  // 2. Signed in during a password reset: only /newpassword.
  if (s.signedIn && s.resetFlowActive) {
    return path === '/newpassword' ? { kind: 'render' } : { kind: 'redirect', to: '/newpassword' };
  }
  // E-mail links that must work whoever opens them.
  if ((ANY_STATE_PATHS as readonly string[]).includes(path)) return { kind: 'render' };
  // 3. Signed out.
  if (!s.signedIn) {
    if (path === '/') return s.onboardingCompleted ? { kind: 'redirect', to: '/login' } : { kind: 'render' };
    if ((PUBLIC_PATHS as readonly string[]).includes(path)) return { kind: 'render' };
    return { kind: 'redirect', to: s.onboardingCompleted ? '/login' : '/' };
  }
  // 4. Signed in, subscription check running (or not yet run).
  if (s.subscriptionLoading || s.subscriptionStatus === null) return { kind: 'checking-subscription' };
  // 5. Active subscription.
  if (s.subscriptionStatus === 'active') {
    return isMemberPath(path) ? { kind: 'render' } : { kind: 'redirect', to: '/home' };
  }
  // 6. Signed in without an active subscription: the subscription page on every path.
  return { kind: 'subscription-page' };
}
