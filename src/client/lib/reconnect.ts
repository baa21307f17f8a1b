import type { QueryClient } from '@tanstack/react-query';

/**
 * Every screen whose data failed to load tries again by itself when the connection returns (docs/product.md §9): on the
 * device's `online` event, each failed query that a screen still shows is fetched again.
 *
 * React Query's own reconnect refetch does not cover this: its online manager starts out "online" whatever the device says,
 * so after a reload without a connection it never sees the connection go and come back, and a failed query stays failed.
 * Returns the function that removes the listener.
 */
export function refetchFailedOnReconnect(client: QueryClient, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) {
  const onOnline = () =>
    void client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' }, { throwOnError: false });
  target.addEventListener('online', onOnline);
  return () => target.removeEventListener('online', onOnline);
}
