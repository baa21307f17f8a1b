import type {
  BetterAuthSessionResponse,
  EmailChangeCancelled,
  EmailChangeResult,
  RequestPasswordResetResponse,
  ResetPasswordResponse,
  ResetTokenResponse,
  SendVerificationResponse,
  SessionData,
  SessionResponse,
  SignInBody,
  SignInResponse,
  SignOutResponse,
  SignUpBody,
  SignUpResponse,
} from '@shared/contracts/account';
import { api } from '../api';

export type { SessionData, SessionUser } from '@shared/contracts/account';

const quiet = { ignoreUnauthorized: true } as const;

/** Where the verification link lands: the login screen, told the address is confirmed and which address to fill in. */
export const verifiedLoginPath = (email: string) => `/login?verified=1&email=${encodeURIComponent(email.trim())}`;

export const authApi = {
  /** Who is signed in, with the subscription answer; null when nobody is. */
  getSession: () => api<SessionResponse>('/api/account/session', quiet).then((d): SessionData | null => (d.user ? d : null)),
  /** Better Auth's own session read, which also extends a session nearing its end. */
  keepAlive: () => api<BetterAuthSessionResponse>('/api/auth/get-session', quiet),
  signIn: (email: string, password: string) =>
    api<SignInResponse>('/api/auth/sign-in/email', { ...quiet, json: { email, password, rememberMe: true } satisfies SignInBody }),
  signUp: (v: { firstName: string; lastName: string; email: string; password: string }) =>
    api<SignUpResponse>('/api/auth/sign-up/email', {
      ...quiet,
      json: { ...v, name: `${v.firstName} ${v.lastName}`, callbackURL: verifiedLoginPath(v.email) } satisfies SignUpBody,
    }),
  signOut: () => api<SignOutResponse>('/api/auth/sign-out', { ...quiet, json: {} }),
  requestPasswordReset: (email: string) =>
    api<RequestPasswordResetResponse>('/api/auth/request-password-reset', { ...quiet, json: { email, redirectTo: '/newpassword' } }),
  resetPassword: (token: string, newPassword: string) =>
    api<ResetPasswordResponse>('/api/auth/reset-password', { ...quiet, json: { token, newPassword } }),
  checkResetToken: (token: string) => api<ResetTokenResponse>(`/api/account/reset-token?token=${encodeURIComponent(token)}`, quiet),
  resendVerification: (email: string) =>
    api<SendVerificationResponse>('/api/auth/send-verification-email', {
      ...quiet,
      json: { email, callbackURL: verifiedLoginPath(email) },
    }),
  /** One of the two links of a change of address; no session needed. */
  confirmEmailChange: (token: string) => api<EmailChangeResult>('/api/account/change-email/confirm', { ...quiet, json: { token } }),
  cancelEmailChange: (token: string) => api<EmailChangeCancelled>('/api/account/change-email/cancel', { ...quiet, json: { token } }),
};
