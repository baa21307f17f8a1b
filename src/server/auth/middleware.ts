import { createMiddleware } from 'hono/factory';
import type { AppEnv, SessionUser } from '../deps';
import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '../../shared/errors';
import { hasActiveAccess } from '../../shared/subscription';
import { users } from '../db/schema';
import { forbidden, HttpError, unauthenticated } from '../lib/http';

/** Reads the session from the request's cookie; null when there is none or it has ended. */
export async function readSession(c: { req: { raw: Request }; get: (k: 'deps') => AppEnv['Variables']['deps'] }) {
  const data = await c.get('deps').auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
  if (!data) return null;
  const u = data.user as typeof data.user & { role?: string | null; banned?: boolean | null };
  const user: SessionUser = {
    id: u.id,
    email: u.email,
    emailVerified: u.emailVerified,
    role: u.role ?? 'user',
    banned: Boolean(u.banned),
  };
  return { user, sessionId: data.session.id };
}

/** Requires a signed-in, verified user; sets `user` and `sessionId`. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await readSession(c);
  if (!session) throw unauthenticated();
  if (!session.user.emailVerified) throw forbidden('Please confirm your e-mail address first.');
  c.set('user', session.user);
  c.set('sessionId', session.sessionId);
  await next();
});

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('user').role !== 'admin') throw forbidden('Administrators only.');
  await next();
});

/** Study and content endpoints: only an active, unexpired subscription (checked on every request). */
export const requireSubscription = createMiddleware<AppEnv>(async (c, next) => {
  const [row] = await c
    .get('deps')
    .database.db.select({ subscriptionStatus: users.subscriptionStatus, expirationDate: users.expirationDate })
    .from(users)
    .where(eq(users.id, c.get('user').id));
  if (!row || !hasActiveAccess(row)) throw new HttpError(403, ERROR_CODES.subscriptionRequired, 'An active subscription is required to study. Subscribe or apply a validation code.');
  await next();
});
