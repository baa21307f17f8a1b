import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../deps';
import { ERROR_CODES } from '../../shared/errors';
import { hasActiveAccess } from '../../shared/subscription';
import { forbidden, HttpError, unauthenticated } from '../lib/http';
import { loadSession } from './session';

/** Reads the session from the request's cookie; null when there is none or it has ended. */
export function readSession(c: Context<AppEnv>) {
  return loadSession(c, c.get('deps'));
}

export const BANNED_SESSION_MESSAGE = 'This session is no longer valid.';

function signedIn(options: { allowBanned: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await readSession(c);
    if (!session) throw unauthenticated();
    // A ban ends the session on its next request, whether or not the sessions were deleted with it.
    if (session.user.banned && !options.allowBanned) throw unauthenticated(BANNED_SESSION_MESSAGE);
    if (!session.user.emailVerified) throw forbidden('Please confirm your e-mail address first.');
    c.set('user', session.user);
    c.set('sessionId', session.sessionId);
    await next();
  });
}

/** Requires a signed-in, verified user who is not banned; sets `user` and `sessionId`. */
export const requireUser = signedIn({ allowBanned: false });

/**
 * As `requireUser`, but lets a banned user through: only for the verify-subscription answer, which
 * tells the app to sign out with a security alert (docs/product.md §4) instead of a bare 401.
 */
export const requireUserOrBanned = signedIn({ allowBanned: true });

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user').role !== 'admin') throw forbidden('Administrators only.');
  await next();
});

/** The instructor's screens: an instructor, or an administrator (who sees every class). */
export const requireInstructor = createMiddleware<AppEnv>(async (c, next) => {
  const role = c.get('user').role;
  if (role !== 'instructor' && role !== 'admin') throw forbidden('Instructors only.');
  await next();
});

/** A standard-setting panel's screens (decision 109): a panelist, or an administrator (who may sit on a panel). */
export const requirePanelist = createMiddleware<AppEnv>(async (c, next) => {
  const role = c.get('user').role;
  if (role !== 'panelist' && role !== 'admin') throw forbidden('Panelists only.');
  await next();
});

/**
 * Study and content endpoints: only an active, unexpired subscription, checked on every request
 * against the profile row read with the session in this same request.
 */
export const requireSubscription = createMiddleware<AppEnv>(async (c, next) => {
  if (!hasActiveAccess(c.get('user'), c.get('deps').now()))
    throw new HttpError(
      403,
      ERROR_CODES.subscriptionRequired,
      'An active subscription is required to study. Subscribe or apply a validation code.',
    );
  await next();
});
