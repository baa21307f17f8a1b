import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { SESSION } from '@shared/session';
import { api } from '../api';
import { ServerDouble } from '../testing/server-double';
import { AuthProvider, useAuth } from './auth-context';

const DAY = 24 * 60 * 60 * 1000;

/** Shows the provider's state as text, so the tests read what a screen would. */
function Probe() {
  const auth = useAuth();
  const state = auth.loading
    ? 'loading'
    : auth.user
      ? `signed in as ${auth.user.firstName}, subscription ${auth.subscriptionLoading ? 'checking' : auth.subscriptionStatus}`
      : 'signed out';
  return (
    <>
      <p data-testid="state">{state}</p>
      <p data-testid="notice">{auth.notice ?? ''}</p>
    </>
  );
}

function renderProvider() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const state = () => screen.getByTestId('state').textContent;
const notice = () => screen.getByTestId('notice').textContent;
/** Lets fake time pass, running the timers due and the promises they start. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useAuth', () => {
  it('throws outside its provider (docs/product.md §8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
    vi.mocked(console.error).mockRestore();
  });
});

describe('AuthProvider', () => {
  let server: ServerDouble;
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    server = new ServerDouble();
  });
  afterEach(() => {
    cleanup();
    server.uninstall();
    vi.useRealTimers();
  });

  it('reads the session once at start-up and routes on the subscription answer that comes with it', async () => {
    server.signIn({ expiresInMs: 7 * DAY, firstName: 'Casey' }).install();
    renderProvider();
    expect(state()).toBe('loading');
    await pass(0);
    expect(state()).toBe('signed in as Casey, subscription active');
    expect(server.callsTo('/api/account/session')).toHaveLength(1);
    // the first verify answer came with the session: no separate verify, and a fresh session needs no keep-alive
    expect(server.callsTo('/api/subscription/verify')).toHaveLength(0);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(0);
  });

  it('says "signed out" when the server knows no session', async () => {
    server.install();
    renderProvider();
    await pass(0);
    expect(state()).toBe('signed out');
    expect(notice()).toBe('');
  });

  it('at start-up, a network failure is not "signed out": it keeps loading and asks again after 1, 2, 4 s …', async () => {
    server.signIn({ expiresInMs: 7 * DAY }).install();
    server.offline = true;
    renderProvider();
    await pass(0);
    expect(state()).toBe('loading');
    expect(server.callsTo('/api/account/session')).toHaveLength(1);

    await pass(999);
    expect(server.callsTo('/api/account/session')).toHaveLength(1);
    await pass(1);
    expect(server.callsTo('/api/account/session')).toHaveLength(2);
    await pass(1999);
    expect(server.callsTo('/api/account/session')).toHaveLength(2);
    await pass(1);
    expect(server.callsTo('/api/account/session')).toHaveLength(3);
    expect(state()).toBe('loading');

    server.offline = false;
    await pass(4000);
    expect(server.callsTo('/api/account/session')).toHaveLength(4);
    expect(state()).toBe('signed in as Riley, subscription active');
  });

  it('caps the start-up back-off at 30 s', async () => {
    server.install();
    server.offline = true;
    renderProvider();
    // 1 + 2 + 4 + 8 + 16 s, then every 30 s
    await pass(1000 + 2000 + 4000 + 8000 + 16_000);
    expect(server.callsTo('/api/account/session')).toHaveLength(6);
    await pass(29_999);
    expect(server.callsTo('/api/account/session')).toHaveLength(6);
    await pass(1);
    expect(server.callsTo('/api/account/session')).toHaveLength(7);
    await pass(30_000);
    expect(server.callsTo('/api/account/session')).toHaveLength(8);
  });

  it('asks again at once when the browser comes back online', async () => {
    server.install();
    server.offline = true;
    renderProvider();
    await pass(0);
    expect(server.callsTo('/api/account/session')).toHaveLength(1);
    server.offline = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.callsTo('/api/account/session')).toHaveLength(2);
    expect(state()).toBe('signed out');
    // the pending back-off was cancelled: no third read
    await pass(60_000);
    expect(server.callsTo('/api/account/session')).toHaveLength(2);
  });

  it('a 401 from any call while signed in signs the user out with "session ended"', async () => {
    server.signIn({ expiresInMs: 7 * DAY }).install();
    renderProvider();
    await pass(0);
    expect(state()).toBe('signed in as Riley, subscription active');
    localStorage.setItem('user_profile_cache', '{"firstName":"Riley"}');

    server.endSession();
    await act(async () => {
      await expect(api('/api/account/me')).rejects.toMatchObject({ status: 401 });
    });
    expect(state()).toBe('signed out');
    expect(notice()).toBe(MESSAGES.sessionEnded);
    // the user's data leaves this device; the onboarding flag is not theirs and stays
    expect(localStorage.getItem('user_profile_cache')).toBeNull();
  });

  it('a 401 while nobody is signed in changes nothing (a wrong password is not a session ending)', async () => {
    server.install();
    renderProvider();
    await pass(0);
    await act(async () => {
      await expect(api('/api/account/me')).rejects.toMatchObject({ status: 401 });
    });
    expect(state()).toBe('signed out');
    expect(notice()).toBe('');
  });

  it('keep-alive: every 30 s it refreshes a session with under 90 s left, and signs out when the server has ended it', async () => {
    server.signIn({ expiresInMs: TIMING.sessionRefreshBeforeMs + 2 * TIMING.sessionTickMs - 1 }).install();
    server.extendByMs = TIMING.sessionRefreshBeforeMs + 2 * TIMING.sessionTickMs - 1;
    renderProvider();
    await pass(0);
    // under a week minus a day left: start-up already asked Better Auth to extend it once
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(1);

    // more than 90 s left at the first tick: nothing to do
    await pass(TIMING.sessionTickMs);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(1);
    // under 90 s left at the second: refreshed, still signed in
    await pass(TIMING.sessionTickMs);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(2);
    expect(state()).toBe('signed in as Riley, subscription active');

    // the refreshed end is again 2 ticks away; the server ends the session meanwhile
    server.endSession();
    await pass(2 * TIMING.sessionTickMs);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(3);
    expect(state()).toBe('signed out');
    expect(notice()).toBe(MESSAGES.sessionEnded);
  });

  it('keep-alive: offline at a tick keeps the user signed in and tries again on the next tick', async () => {
    server.signIn({ expiresInMs: TIMING.sessionRefreshBeforeMs - 1 }).install();
    server.extendByMs = TIMING.sessionRefreshBeforeMs - 1; // each refresh leaves it due again
    renderProvider();
    await pass(0);
    const before = server.callsTo('/api/auth/get-session').length;
    server.offline = true;
    await pass(TIMING.sessionTickMs);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(before + 1);
    expect(state()).toBe('signed in as Riley, subscription active');
    server.offline = false;
    await pass(TIMING.sessionTickMs);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(before + 2);
    expect(state()).toBe('signed in as Riley, subscription active');
  });

  it('a session with more than a week minus a day left is not extended at start-up', async () => {
    server.signIn({ expiresInMs: (SESSION.expiresInSeconds - SESSION.updateAgeSeconds) * 1000 + 60_000 }).install();
    renderProvider();
    await pass(0);
    expect(server.callsTo('/api/auth/get-session')).toHaveLength(0);
  });

  it('a signed-in user without access is sent through the subscription check (sync with the provider)', async () => {
    server.signIn({ expiresInMs: 7 * DAY, active: false }).install();
    server.hold('/api/subscription/sync');
    renderProvider();
    await pass(0);
    expect(state()).toBe('signed in as Riley, subscription checking');
    server.release('/api/subscription/sync');
    await pass(0);
    expect(state()).toBe('signed in as Riley, subscription inactive');
    expect(server.callsTo('/api/subscription/sync')).toHaveLength(1);
  });
});
