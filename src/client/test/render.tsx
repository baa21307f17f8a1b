import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** Renders a screen as the app does (a fresh query client, a router), for component tests. */
export function renderScreen(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

type Route = (init: RequestInit | undefined) => { status: number; body: unknown };

/**
 * Stubs `fetch` at the network boundary: each `METHOD /path` answers with its handler's status and JSON; every call is recorded.
 * Anything not listed fails the test.
 */
export function stubFetch(routes: Record<string, Route>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[key];
    if (!route) throw new Error(`unexpected request ${key}`);
    const { status, body } = route(init);
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
