import { api } from '../api';
import type { VerifyResponse } from './subscription-check';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
}
export interface SessionData {
  user: SessionUser;
  session: { id: string; expiresAt: string };
  /** the verify-subscription answer, sent with the session so the app can route after one request */
  subscription?: VerifyResponse | null;
}

const quiet = { ignoreUnauthorized: true } as const;

export const authApi = {
  /** Who is signed in, with the subscription answer; null when nobody is. */
  getSession: () => api<SessionData | { user: null }>('/api/account/session', quiet).then((d) => (d.user ? d : null)),
  /** Better Auth's own session read, which also extends a session nearing its end. */
  keepAlive: () => api<SessionData | null>('/api/auth/get-session', quiet),
  signIn: (email: string, password: string) =>
    api<unknown>('/api/auth/sign-in/email', { ...quiet, json: { email, password, rememberMe: true } }),
  signUp: (v: { firstName: string; lastName: string; email: string; password: string }) =>
    api<unknown>('/api/auth/sign-up/email', {
      ...quiet,
      json: { ...v, name: `${v.firstName} ${v.lastName}`, callbackURL: '/login?verified=1' },
    }),
  signOut: () => api<unknown>('/api/auth/sign-out', { ...quiet, json: {} }),
  requestPasswordReset: (email: string) =>
    api<unknown>('/api/auth/request-password-reset', { ...quiet, json: { email, redirectTo: '/newpassword' } }),
  resetPassword: (token: string, newPassword: string) =>
    api<unknown>('/api/auth/reset-password', { ...quiet, json: { token, newPassword } }),
  checkResetToken: (token: string) => api<{ valid: boolean }>(`/api/account/reset-token?token=${encodeURIComponent(token)}`, quiet),
  resendVerification: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', { ...quiet, json: { email, callbackURL: '/login?verified=1' } }),
  /** Starts a change of address: links go to the new and to the current address. */
  changeEmail: (newEmail: string, password: string) => api<unknown>('/api/account/change-email', { json: { newEmail, password } }),
  /** One of the two links of a change of address; no session needed. */
  confirmEmailChange: (token: string) => api<EmailChangeResult>('/api/account/change-email/confirm', { ...quiet, json: { token } }),
  cancelEmailChange: (token: string) => api<{ status: 'cancelled' }>('/api/account/change-email/cancel', { ...quiet, json: { token } }),
};

export type EmailChangeResult = { status: 'waiting'; waitingFor: 'new' | 'current' } | { status: 'changed'; email: string };
