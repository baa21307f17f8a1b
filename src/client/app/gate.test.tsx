import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import { MESSAGES } from '@shared/errors';
import { api } from '../lib/api';
import { AuthProvider, useAuth } from '../lib/auth/auth-context';
import { ServerDouble } from '../lib/testing/server-double';
import { Gate } from './gate';

/**
 * The route gate (docs/product.md §2) as the app runs it: the real Gate, the real AuthProvider and the
 * real API client over a server double at fetch. The screens behind the gate are stand-ins that name
 * themselves and the path; the screens' own behaviour is tested elsewhere.
 */
function Screen({ name }: { name: string }) {
  const { pathname } = useLocation();
  const { notice } = useAuth();
  return (
    <main>
      <h1>{name}</h1>
      <p data-testid="path">{pathname}</p>
      {notice && <p role="alert">{notice}</p>}
    </main>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Gate />,
        children: [
          { path: '/', element: <Screen name="onboarding" /> },
          { path: '/login', element: <Screen name="login" /> },
          { path: '/signup', element: <Screen name="signup" /> },
          { path: '/newpassword', element: <Screen name="new password" /> },
          { path: '/confirm-email', element: <Screen name="confirm e-mail" /> },
          { path: '/home', element: <Screen name="home" /> },
          { path: '/billing', element: <Screen name="billing" /> },
          { path: '*', element: <Screen name="anything else" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const WEEK = 7 * 24 * 60 * 60 * 1000;
// the subscription page is imported on first use; a busy machine may take more than the default 1 s
configure({ asyncUtilTimeout: 10_000 });
const shown = async (name: string) => expect(await screen.findByRole('heading', { name })).toBeTruthy();
const path = () => screen.getByTestId('path').textContent;

describe('route gate (docs/product.md §2)', () => {
  let server: ServerDouble;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    server = new ServerDouble();
  });
  afterEach(() => {
    cleanup();
    server.uninstall();
  });

  it('1. shows "Loading" while the session is read, then decides', async () => {
    server.install();
    server.hold('/api/account/session');
    renderAt('/login');
    expect(await screen.findByText('Loading')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'login' })).toBeNull();
    server.release('/api/account/session');
    await shown('login');
  });

  it('3. signed out before onboarding: / is onboarding, a member path goes to /, the public ones render', async () => {
    server.install();
    renderAt('/home');
    await shown('onboarding');
    expect(path()).toBe('/');
    cleanup();
    renderAt('/signup');
    await shown('signup');
  });

  it('3. signed out after onboarding: / and member paths go to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
    server.install();
    for (const start of ['/', '/billing', '/admin/users/']) {
      renderAt(start);
      await shown('login');
      expect(path()).toBe('/login');
      cleanup();
    }
  });

  it('e-mail links (/confirm-email) open whoever holds them', async () => {
    server.install();
    renderAt('/confirm-email?token=x');
    await shown('confirm e-mail');
    cleanup();
    server.signIn({ expiresInMs: WEEK, active: false });
    renderAt('/confirm-email?token=x');
    await shown('confirm e-mail');
  });

  it('4 and 6. signed in without access: "Checking subscription..." while the check runs, then the subscription page on every path', async () => {
    server.signIn({ expiresInMs: WEEK, active: false }).install();
    server.hold('/api/subscription/sync');
    const router = renderAt('/home');
    expect(await screen.findByText('Checking subscription...')).toBeTruthy();
    server.release('/api/subscription/sync');
    expect(await screen.findByRole('heading', { name: 'Unlock MedicPrep' })).toBeTruthy();
    for (const to of ['/billing', '/nowhere', '/']) {
      await act(() => router.navigate(to));
      expect(await screen.findByRole('heading', { name: 'Unlock MedicPrep' })).toBeTruthy();
      expect(screen.queryByTestId('path')).toBeNull();
    }
  });

  it(
    'the paywall lists what the plan gives: the question bank, the practice exam and spaced review beside the decks',
    { timeout: 20_000 },
    async () => {
      server.signIn({ expiresInMs: WEEK, active: false }).install();
      renderAt('/home');
      const plan = await screen.findByRole('region', { name: 'Monthly Subscription' });
      const features = within(plan)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      for (const expected of [
        /question bank/i,
        /adaptive practice exam/i,
        /spaced review/i,
        /flashcard/i,
        /video/i,
        /drag-and-drop/i,
        /streak/i,
      ])
        expect(
          features.some((f) => expected.test(f ?? '')),
          String(expected),
        ).toBe(true);
    },
  );

  it('5. an active subscriber reaches member paths; signed-out-only and unknown paths lead home', async () => {
    server.signIn({ expiresInMs: WEEK }).install();
    const router = renderAt('/billing');
    await shown('billing');
    for (const to of ['/login', '/signup', '/nowhere']) {
      await act(() => router.navigate(to));
      await shown('home');
      expect(path()).toBe('/home');
    }
  });

  it('2. signed in during a password reset: every path leads to /newpassword', async () => {
    sessionStorage.setItem(STORAGE_KEYS.passwordResetFlow, 'token-1');
    server.signIn({ expiresInMs: WEEK }).install();
    const router = renderAt('/home');
    await shown('new password');
    await act(() => router.navigate('/billing'));
    await shown('new password');
    expect(path()).toBe('/newpassword');
  });

  it('2. a recovery link holds a signed-in user on /newpassword from the first render', async () => {
    server.signIn({ expiresInMs: WEEK }).install();
    renderAt('/newpassword#token_hash=abc&type=recovery');
    await shown('new password');
    expect(path()).toBe('/newpassword');
  });

  it('a session that ends while the app is open returns the user to /login with a message', async () => {
    localStorage.setItem(STORAGE_KEYS.onboardingCompleted, 'true');
    server.signIn({ expiresInMs: WEEK }).install();
    renderAt('/home');
    await shown('home');
    server.endSession();
    await act(async () => {
      await api('/api/account/me').catch(() => undefined);
    });
    await shown('login');
    expect(path()).toBe('/login');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.sessionEnded);
  });
});
