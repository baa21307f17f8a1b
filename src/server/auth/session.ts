import { and, eq, gt, sql } from 'drizzle-orm';
import { getSignedCookie } from 'hono/cookie';
import type { Context } from 'hono';
import type { CourseLevel } from '../../shared/constants';
import type { Auth } from './auth';
import type { ServiceDeps } from '../deps';
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
  /** a ban in force now (one whose `ban_expires` has passed does not count) */
  banned: boolean;
  courseLevel: CourseLevel;
  subscriptionStatus: string;
  expirationDate: Date | null;
  stripeSubscriptionId: string | null;
  /** the last recorded home visit; null before the first */
  lastLogin: Date | null;
  /** the log-in streak and the zone of the last home visit: the visit's one write compares them (features/home) */
  currentStreak: number;
  timeZone: string | null;
  /** when the student last chose a course level (at sign-up, on home or in the profile); null if never: home asks then */
  courseLevelChosenAt: Date | null;
}

export interface LoadedSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
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
      banExpires: users.banExpires,
      courseLevel: users.courseLevel,
      subscriptionStatus: users.subscriptionStatus,
      expirationDate: users.expirationDate,
      stripeSubscriptionId: users.stripeSubscriptionId,
      lastLogin: users.lastLogin,
      currentStreak: users.currentStreak,
      timeZone: users.timeZone,
      courseLevelChosenAt: users.courseLevelChosenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_lookup');
}

interface SessionCookie {
  name: string;
  secret: string;
}

const cookies = new WeakMap<Auth, Promise<SessionCookie>>();

/**
 * The session cookie as this Better Auth instance writes it: its name (`__Secure-` prefixed when
 * PUBLIC_URL is https) and the secret it is signed with (the first of BETTER_AUTH_SECRETS when that is
 * set, else our AUTH_SECRET), both read from Better Auth's own context so they cannot drift from it.
 */
function sessionCookie(auth: Auth): Promise<SessionCookie> {
  let cookie = cookies.get(auth);
  if (!cookie) {
    cookie = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
    cookies.set(auth, cookie);
  }
  return cookie;
}

/**
 * Whether a ban holds now. The admin plugin lifts an expired ban only at the next sign-in, so a row
 * can say `banned` with `ban_expires` in the past: that user is not banned.
 */
export function isBanned(user: { banned: boolean | null; banExpires: Date | null }, now: Date): boolean {
  return Boolean(user.banned) && (user.banExpires === null || user.banExpires.getTime() > now.getTime());
}

/**
 * The live session a request's cookie names, with its user; null when there is none, it is forged or
 * it has ended. The cookie is `<token>.<base64 HMAC-SHA256(token, secret)>`, URL-encoded, as
 * better-call's `signCookieValue` writes it; Hono's `getSignedCookie` reads exactly that format
 * (docs/decisions/029-session-cookie-read-with-hono.md).
 */
export async function loadSession(c: Context, deps: ServiceDeps<'auth'>): Promise<LoadedSession | null> {
  const cookie = await sessionCookie(deps.auth);
  const token = await getSignedCookie(c, cookie.secret, cookie.name);
  if (!token) return null;
  let lookup = prepared.get(deps.db);
  if (!lookup) {
    lookup = prepareLookup(deps.db);
    prepared.set(deps.db, lookup);
  }
  const [row] = await lookup.execute({ token });
  if (!row) return null;
  const { sessionId, expiresAt, banExpires, ...user } = row;
  return {
    sessionId,
    expiresAt,
    user: {
      ...user,
      role: user.role ?? 'user',
      banned: isBanned({ banned: user.banned, banExpires }, deps.now()),
      courseLevel: user.courseLevel as CourseLevel,
    },
  };
}
