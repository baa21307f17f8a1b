import { SubscriptionPage } from './subscription-page';

/** /subscription for subscribers: the same page (they reach it from billing). */
export default function SubscriptionRoute() {
  return <SubscriptionPage />;
}
