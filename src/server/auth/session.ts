import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { CourseLevel } from '../../shared/constants';
import type { Auth } from './auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * The signed-in user as every request sees it: identity, role and the profile fields that gate access
 * (course level, subscription). Loaded with the session in one indexed query, so a study request
 * costs one round trip before its own query instead of three (session, user, subscription).
 */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  banned: boolean;
  courseLevel: CourseLevel;
  subscriptionStatus: string;
  expirationDate: Date | null;
  stripeSubscriptionId: string | null;
}

export interface LoadedSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
}

/**
 * Better Auth signs its session cookie as `<token>.<base64 HMAC-SHA256(token, secret)>` (better-call's
 * `signCookieValue`); returns the token when the signature holds, else null.
 */
export function verifySignedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      banned: users.banned,
      courseLevel: users.courseLevel,
      subscriptionStatus: users.subscriptionStatus,
      expirationDate: users.expirationDate,
      stripeSubscriptionId: users.stripeSubscriptionId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_lookup');
}

const cookieNames = new WeakMap<Auth, Promise<string>>();

/** The session cookie's name as this Better Auth instance writes it (`__Secure-` prefixed over HTTPS). */
function sessionCookieName(auth: Auth): Promise<string> {
  let name = cookieNames.get(auth);
  if (!name) {
    name = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);
    cookieNames.set(auth, name);
  }
  return name;
}

/** The live session a request's cookie names, with its user; null when there is none, it is forged or it has ended. */
export async function loadSession(c: Context, deps: { auth: Auth; db: Db; secret: string }): Promise<LoadedSession | null> {
  const signed = getCookie(c, await sessionCookieName(deps.auth));
  if (!signed) return null;
  const token = verifySignedValue(signed, deps.secret);
  if (!token) return null;
  let lookup = prepared.get(deps.db);
  if (!lookup) {
    lookup = prepareLookup(deps.db);
    prepared.set(deps.db, lookup);
  }
  const [row] = await lookup.execute({ token });
  if (!row) return null;
  const { sessionId, expiresAt, ...user } = row;
  return {
    sessionId,
    expiresAt,
    user: { ...user, role: user.role ?? 'user', banned: Boolean(user.banned), courseLevel: user.courseLevel as CourseLevel },
  };
}
