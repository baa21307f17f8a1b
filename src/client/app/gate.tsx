import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideRoute } from '@shared/route-gate';
import { FullScreenMessage } from '../components/ui/full-screen-message';
import { onboardingDone, resetFlowToken } from '../lib/storage';
import { readResetParams } from '../features/auth/reset-params';
import { useAuth } from '../lib/auth/auth-context';

// Only visitors without access see it: subscribers never download it.
const SubscriptionPage = lazy(() => import('../features/subscription/subscription-route'));

function isRecoveryLink(search: string, hash: string): boolean {
  const { token, type } = readResetParams({ search, hash });
  return Boolean(token) && type === 'recovery';
}

/** Renders what the route gate of docs/product.md §2 decides for the current path and state. */
export function Gate() {
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();
  const decision = decideRoute(pathname, {
    authLoading: auth.loading,
    signedIn: auth.user !== null,
    // Opening a recovery link holds the user on the reset screen from the first render.
    resetFlowActive: resetFlowToken() !== null || (pathname === '/newpassword' && isRecoveryLink(search, hash)),
    onboardingCompleted: onboardingDone(),
    subscriptionLoading: auth.subscriptionLoading,
    subscriptionStatus: auth.subscriptionStatus,
  });
  switch (decision.kind) {
    case 'loading':
      return <FullScreenMessage message="Loading" />;
    case 'checking-subscription':
      return <FullScreenMessage message="Checking subscription..." />;
    case 'subscription-page':
      return (
        <Suspense fallback={<FullScreenMessage message="Loading" />}>
          <SubscriptionPage />
        </Suspense>
      );
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'render':
      return <Outlet />;
  }
}
