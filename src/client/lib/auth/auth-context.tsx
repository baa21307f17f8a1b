import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@shared/errors';
import { TIMING } from '@shared/constants';
import { sessionDueForRefresh } from '@shared/session';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, onSubscriptionRequired, onUnauthorized } from '../api';
import { OUTBOX_PREFIXES, setOutboxUser } from '../outbox';
import { clearUserStorage } from '../storage';
import { flush } from '../tracker';
import { authApi, type SessionData, type SessionUser } from './api';
import { clearLastSession, readLastSession, saveLastSession } from './last-session';
import { runSubscriptionCheck, subscriptionApi, type VerifyResponse } from './subscription-check';
import { nowMs } from '../clock';

export interface AuthState {
  loading: boolean;
  user: SessionUser | null;
  subscriptionStatus: string | null;
  subscriptionLoading: boolean;
  /** why the user was returned to the login screen, shown there once */
  notice: string | null;
  /** the app opened without a connection on the last session saved on this device, not yet confirmed by the server */
  offline: boolean;
}

export interface AuthContextValue extends AuthState {
  /** reloads the session from the server (after sign-in, e-mail change) */
  refreshSession: () => Promise<SessionUser | null>;
  /**
   * Runs the subscription check again ("Already Subscribed? Check Again", after payments). `quiet`
   * keeps the current screen up instead of the "Checking subscription..." screen; `apply: false`
   * only reports the status, so the caller can show its success message before the gate moves on.
   */
  recheckSubscription: (options?: { quiet?: boolean; apply?: boolean }) => Promise<string>;
  signOut: (notice?: string) => Promise<void>;
  clearNotice: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({
    loading: true,
    user: null,
    subscriptionStatus: null,
    subscriptionLoading: false,
    notice: null,
    offline: false,
  });
  const sessionRef = useRef<SessionData | null>(null);
  const checkRun = useRef(0);
  const queryClient = useQueryClient();

  /** Forgets everything of the user on this device: caches, queries; unsent progress is kept for them. */
  const forgetUser = useCallback(
    (notice: string | null) => {
      sessionRef.current = null;
      checkRun.current++;
      setOutboxUser(null);
      clearUserStorage((key) => OUTBOX_PREFIXES.some((p) => key.startsWith(p)));
      queryClient.clear();
      setState({ loading: false, user: null, subscriptionStatus: null, subscriptionLoading: false, notice, offline: false });
    },
    [queryClient],
  );

  const signOut = useCallback(
    async (notice?: string) => {
      await Promise.race([flush(), new Promise((r) => setTimeout(r, 1500))]).catch(() => undefined);
      // The server ends the session first, so a tab closed right after leaves no live session behind.
      await authApi.signOut().catch(() => undefined);
      forgetUser(notice ?? null);
    },
    [forgetUser],
  );

  const check = useCallback(
    async ({ quiet = false, apply = true, first }: { quiet?: boolean; apply?: boolean; first?: VerifyResponse | null } = {}) => {
      const run = ++checkRun.current;
      if (!quiet) setState((s) => ({ ...s, subscriptionLoading: true }));
      const status = await runSubscriptionCheck(
        {
          verify: subscriptionApi.verify,
          createProfile: subscriptionApi.createProfile,
          sync: () => subscriptionApi.sync(sessionRef.current?.user.email ?? ''),
          signOut: () => signOut(MESSAGES.sessionEnded),
          log: (message, detail) => console.warn(`[subscription] ${message}`, detail ?? ''),
        },
        first,
      );
      if (apply && run === checkRun.current) {
        setState((s) => (s.user ? { ...s, subscriptionStatus: status, subscriptionLoading: false } : s));
        if (sessionRef.current) saveLastSession(sessionRef.current, status);
      } else if (!apply) setState((s) => (s.subscriptionLoading ? { ...s, subscriptionLoading: false } : s));
      return status;
    },
    [signOut],
  );

  /**
   * Every auth change that carries a user with an e-mail runs the check; one without resets the status.
   * `quiet` keeps the screen up while the check runs (the server confirming a session the app opened
   * offline with).
   */
  const applySession = useCallback(
    (data: SessionData | null, { quiet = false }: { quiet?: boolean } = {}) => {
      sessionRef.current = data;
      setOutboxUser(data?.user.id ?? null);
      if (data?.user.email) {
        setState((s) => ({ ...s, loading: false, user: data.user, notice: null, offline: false }));
        void check({ first: data.subscription, quiet });
      } else {
        checkRun.current++;
        clearLastSession();
        setState((s) => ({ ...s, loading: false, user: null, subscriptionStatus: null, subscriptionLoading: false, offline: false }));
      }
    },
    [check],
  );

  const refreshSession = useCallback(async () => {
    const data = await authApi.getSession().catch(() => null);
    applySession(data);
    return data?.user ?? null;
  }, [applySession]);

  // At start-up a network failure is not "signed out": the app opens on the last session saved on this
  // device (if any; else it keeps loading) and asks the server again, with back-off and when back online.
  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    let openedOffline = false;
    let settled = false;
    const attempt = async (delay: number) => {
      try {
        const data = await authApi.getSession();
        if (cancelled) return;
        settled = true;
        // Signed out on this device while it was offline: that stands.
        if (openedOffline && !sessionRef.current) return;
        // Confirmed: same student, the screen stays while the check runs; another answer applies as usual.
        applySession(data, { quiet: openedOffline && data?.user.id === sessionRef.current?.user.id });
        openedOffline = false;
        // Reading the session does not extend it; once a day, let Better Auth move its end a week ahead.
        if (data && sessionDueForRefresh(data.session.expiresAt)) {
          void authApi
            .keepAlive()
            .then((fresh) => {
              if (fresh && sessionRef.current?.user.id === fresh.user.id)
                sessionRef.current = { ...sessionRef.current, session: { id: fresh.session.id, expiresAt: fresh.session.expiresAt } };
            })
            .catch(() => undefined);
        }
      } catch (e) {
        if (cancelled) return;
        if (e instanceof ApiError && e.status === 0) {
          const last = sessionRef.current ? null : readLastSession();
          if (last) {
            openedOffline = true;
            sessionRef.current = { user: last.user, session: last.session, subscription: null };
            setOutboxUser(last.user.id);
            setState((s) => ({
              ...s,
              loading: false,
              user: last.user,
              subscriptionStatus: last.subscriptionStatus,
              subscriptionLoading: false,
              offline: true,
            }));
          }
          timer = window.setTimeout(() => void attempt(Math.min(delay * 2, 30_000)), delay);
        } else {
          settled = true;
          applySession(null);
        }
      }
    };
    void attempt(1000);
    const onOnline = () => {
      if (settled) return;
      window.clearTimeout(timer);
      void attempt(1000);
    };
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [applySession]);

  // A session that ends while the app is open returns the user to /login with a message.
  useEffect(
    () =>
      onUnauthorized(() => {
        if (sessionRef.current) forgetUser(MESSAGES.sessionEnded);
      }),
    [forgetUser],
  );

  // Access that ends while the app is open (a code or period expiring) sends the student to the subscription page.
  useEffect(
    () =>
      onSubscriptionRequired(() => {
        if (sessionRef.current) void check({ quiet: true });
      }),
    [check],
  );

  // Keep the session alive (docs/product.md §9): a 30 s tick refreshes it when under 90 s remain.
  useEffect(() => {
    const tick = window.setInterval(async () => {
      const current = sessionRef.current;
      if (!current) return;
      const remaining = new Date(current.session.expiresAt).getTime() - nowMs();
      if (remaining > TIMING.sessionRefreshBeforeMs) return;
      const data = await authApi.keepAlive().catch(() => undefined);
      if (data === undefined) return; // offline: try again on the next tick
      if (data && data.user.id === current.user.id)
        sessionRef.current = { ...current, session: { id: data.session.id, expiresAt: data.session.expiresAt } };
      else forgetUser(MESSAGES.sessionEnded);
    }, TIMING.sessionTickMs);
    return () => window.clearInterval(tick);
  }, [forgetUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, refreshSession, recheckSubscription: check, signOut, clearNotice: () => setState((s) => ({ ...s, notice: null })) }),
    [state, refreshSession, check, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
