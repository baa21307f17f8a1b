import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { ERROR_CODES, MESSAGES } from '../../shared/errors';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';
import type { Logger } from '../lib/logger';
import { maskEmail } from '../lib/redact';

/**
 * Per account (by lower-cased e-mail, whether or not an account has it, so the answer never tells):
 * after `failures` wrong passwords within `windowSeconds` the address is locked, first for
 * `firstLockSeconds`, doubling with each further lock up to `maxLockSeconds`. A successful sign-in
 * clears the record; a day without failures forgets earlier locks. Shared by every server process
 * through the `sign_in_failures` table (docs/decisions/024-mail-queue-sign-in-locks-redacted-logs.md).
 */
export const SIGN_IN_LIMIT = {
  failures: 5,
  windowSeconds: 15 * 60,
  firstLockSeconds: 60,
  maxLockSeconds: 60 * 60,
  forgetLocksAfterSeconds: 24 * 60 * 60,
} as const;

const PATH = '/sign-in/email';

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds the address stays locked, or null when it is not. */
export async function lockedFor(db: Db, email: string): Promise<number | null> {
  const r = await db.execute<{ secs: number | string }>(sql`
    select ceil(extract(epoch from locked_until - now())) as secs from sign_in_failures
    where email = ${accountKey(email)} and locked_until > now()`);
  const secs = r.rows[0]?.secs;
  return secs === undefined ? null : Math.max(1, Number(secs));
}

/** Counts one failure; returns the length of the lock it started, if it started one. */
export async function recordFailure(db: Db, email: string): Promise<number | null> {
  const key = accountKey(email);
  const L = SIGN_IN_LIMIT;
  const counted = await db.execute<{ failures: number }>(sql`
    insert into sign_in_failures (email, failures, window_start) values (${key}, 1, now())
    on conflict (email) do update set
      lockouts = case when sign_in_failures.window_start <= now() - make_interval(secs => ${L.forgetLocksAfterSeconds}) then 0
                      else sign_in_failures.lockouts end,
      failures = case when sign_in_failures.window_start <= now() - make_interval(secs => ${L.windowSeconds}) then 1
                      else sign_in_failures.failures + 1 end,
      window_start = case when sign_in_failures.window_start <= now() - make_interval(secs => ${L.windowSeconds}) then now()
                      else sign_in_failures.window_start end
    returning failures`);
  if ((counted.rows[0]?.failures ?? 0) < L.failures) return null;
  // Only the request that reaches the threshold starts the lock (the condition re-checks the count).
  const locked = await db.execute<{ secs: number | string }>(sql`
    update sign_in_failures set
      locked_until = now() + make_interval(secs => least(${L.maxLockSeconds}, ${L.firstLockSeconds} * power(2, lockouts))),
      lockouts = lockouts + 1, failures = 0, window_start = now()
    where email = ${key} and failures >= ${L.failures}
    returning ceil(extract(epoch from locked_until - now())) as secs`);
  const secs = locked.rows[0]?.secs;
  return secs === undefined ? null : Number(secs);
}

export async function recordSuccess(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from sign_in_failures where email = ${accountKey(email)}`);
}

export function tooManyAttempts(retryAfter: number): APIError {
  return new APIError(
    'TOO_MANY_REQUESTS',
    { message: MESSAGES.tooManyAttempts, code: ERROR_CODES.rateLimited },
    { 'Retry-After': String(retryAfter) },
  );
}

interface HookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  request?: Request;
  context: { returned?: unknown };
}

function emailOf(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email : null;
}

/**
 * Better Auth hooks for /sign-in/email. `before` refuses a locked address with 429 and Retry-After,
 * the right password included; `after` counts a wrong password (401) or clears the record on success,
 * and writes failed sign-ins and new locks to the audit trail (with the full address: admins read it).
 */
export function signInLimit(options: { db: Db; log: Logger; enforce: boolean; ipHeader: string }) {
  const { db, log, enforce, ipHeader } = options;
  const ipOf = (ctx: HookContext) => ctx.headers?.get(ipHeader) ?? ctx.request?.headers.get(ipHeader) ?? null;

  return {
    async before(ctx: HookContext): Promise<void> {
      if (ctx.path !== PATH || !enforce) return;
      const email = emailOf(ctx);
      if (!email) return;
      const secs = await lockedFor(db, email);
      if (secs !== null) throw tooManyAttempts(secs);
    },
    async after(ctx: HookContext): Promise<void> {
      if (ctx.path !== PATH) return;
      const email = emailOf(ctx);
      if (!email) return;
      const returned = ctx.context.returned;
      const status = returned instanceof APIError ? returned.statusCode : returned === undefined ? null : 200;
      if (status === 200) {
        if (enforce) await recordSuccess(db, email);
        return;
      }
      if (status !== 401) return;
      const key = accountKey(email);
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, key)).limit(1);
      const ip = ipOf(ctx);
      const target = { type: 'account' as const, id: user?.id ?? null, label: key };
      await recordAudit(db, { action: 'auth.sign_in_failed', actor: null, target, ip });
      if (!enforce) return;
      const lockSeconds = await recordFailure(db, key);
      if (lockSeconds === null) return;
      await recordAudit(db, { action: 'auth.account_locked', actor: null, target, ip, after: { lockedForSeconds: lockSeconds } });
      log.warn({ account: maskEmail(key), lockedForSeconds: lockSeconds }, 'sign-in locked after repeated failures');
    },
  };
}
