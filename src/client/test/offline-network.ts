import { afterEach, beforeEach, vi } from 'vitest';
import { setOutboxUser } from '../lib/outbox';

/**
 * For outbox tests: before each test, a fresh outbox (its own user, empty storage) and a `fetch` that fails as a dropped
 * connection does until `network.online` is set, then answers 200 and records each request's URL and JSON body in order.
 */
export function useOfflineNetwork() {
  const network = { online: false, sent: [] as { url: string; body: unknown }[] };
  beforeEach(() => {
    localStorage.clear();
    network.sent.length = 0;
    network.online = false;
    setOutboxUser(`u-${Math.random()}`);
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (!network.online) return Promise.reject(new TypeError('Failed to fetch'));
        network.sent.push({ url, body: JSON.parse(init.body as string) });
        return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());
  return network;
}
