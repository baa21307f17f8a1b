/**
 * Which of Better Auth's HTTP routes the app serves. Better Auth mounts ~45 routes (its core, the
 * admin plugin's `/admin/*`, social sign-in, account linking, user deletion…); our own routes are the
 * API for everything else, with our guards, validation and audit. Everything not listed here answers
 * 404 before Better Auth sees the request, so a route added by an upgrade or a plugin is closed until
 * someone opens it here (and the authorization-matrix test makes them decide).
 *
 * Server-side `auth.api.*` calls are not HTTP and are not affected.
 */
export const OPEN_AUTH_ROUTES: readonly string[] = [
  // the app's keep-alive read of the session (it also extends a session nearing its end)
  'GET /get-session',
  'POST /sign-up/email',
  'POST /sign-in/email',
  'POST /sign-out',
  // the link in the verification e-mail, and "resend"
  'GET /verify-email',
  'POST /send-verification-email',
  // the reset e-mail links to our /newpassword screen, which posts here
  'POST /request-password-reset',
  'POST /reset-password',
  // asks for the current password; our hooks revoke every other session and cancel e-mail changes
  'POST /change-password',
  // "sign out everywhere": only the caller's own sessions; our hooks cancel open e-mail changes
  'POST /revoke-sessions',
  'POST /revoke-other-sessions',
];

const open = new Set(OPEN_AUTH_ROUTES);

/** Whether `method path` (path relative to /api/auth, e.g. "/sign-in/email") is served. */
export function isOpenAuthRoute(method: string, path: string): boolean {
  return open.has(`${method.toUpperCase()} ${path}`);
}
