import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refetchFailedOnReconnect } from './reconnect';

describe('refetchFailedOnReconnect', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('fetches a failed query a screen shows again when the connection returns, and leaves loaded and unused ones alone', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stop = refetchFailedOnReconnect(client);
    let online = false;
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['deck'],
      queryFn: async () => {
        calls++;
        if (!online) throw new TypeError('Failed to fetch');
        return 'cards';
      },
    });
    const seen: string[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.status));
    await expect.poll(() => observer.getCurrentResult().status).toBe('error');
    // a loaded query and a failed one no screen shows are not fetched again
    await client.fetchQuery({ queryKey: ['loaded'], queryFn: () => 'ok' });
    let unused = 0;
    await client.prefetchQuery({
      queryKey: ['unused'],
      queryFn: () => {
        unused++;
        throw new Error('down');
      },
    });
    expect(calls).toBe(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => observer.getCurrentResult().data).toBe('cards');
    expect(calls).toBe(2);
    expect(unused).toBe(1);
    expect(client.getQueryState(['loaded'])!.dataUpdateCount).toBe(1);
    unsubscribe();
  });

  it('stops listening when removed', () => {
    const client = new QueryClient();
    const refetch = vi.spyOn(client, 'refetchQueries');
    const remove = refetchFailedOnReconnect(client);
    window.dispatchEvent(new Event('online'));
    expect(refetch).toHaveBeenCalledTimes(1);
    remove();
    window.dispatchEvent(new Event('online'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
