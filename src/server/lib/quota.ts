import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { RateLimitedError } from './http';
import { consumeRateLimit, type RateLimitResult, type RateLimitRule } from './rate-limit';

/** Events per user per day, whoever writes them (the tracker's batches, practice sessions and answers): a day of hard
 * study is a few hundred. */
export const EVENT_DAILY_CAP = { window: 86_400, max: 5_000 };

/**
 * Counts `n` events written for the student against EVENT_DAILY_CAP; over it, nothing is counted and `error` is the 429 to
 * answer (or the caller skips the event).
 */
export async function chargeEvents(
  db: Db,
  userId: string,
  n: number,
): Promise<{ allowed: true } | { allowed: false; error: RateLimitedError }> {
  const r = await consumeQuota(db, `events:day:${userId}`, n, EVENT_DAILY_CAP);
  if (r.allowed) return { allowed: true };
  return {
    allowed: false,
    error: new RateLimitedError(r.retryAfter ?? 60, `At most ${EVENT_DAILY_CAP.max} events a day are recorded per user. Try again later.`),
  };
}

/** Counts one request against a per-student rule; over it, throws the 429 with Retry-After and `message`. */
export async function requireWithinQuota(db: Db, key: string, rule: RateLimitRule, message: string): Promise<void> {
  const r = await consumeRateLimit(db, key, rule);
  if (!r.allowed) throw new RateLimitedError(r.retryAfter ?? 60, message);
}

/**
 * Like consumeRateLimit, but counts `amount` units (for example events) at once against `key` in the
 * shared `rate_limits` table, with the counter's row locked so concurrent requests (in any server
 * process) add up exactly. A request that would go over the rule is refused whole and counts nothing,
 * so a client told to wait can send the same batch later.
 */
export async function consumeQuota(db: Db, key: string, amount: number, rule: RateLimitRule): Promise<RateLimitResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into rate_limits (key, count, window_start) values (${key}, 0, now()) on conflict (key) do nothing`);
    const result = await tx.execute<{ count: number; retry_after: number | string; expired: boolean }>(sql`
      select count, window_start <= now() - make_interval(secs => ${rule.window}) as expired,
        ceil(extract(epoch from window_start + make_interval(secs => ${rule.window}) - now())) as retry_after
      from rate_limits where key = ${key} for update`);
    const row = result.rows[0]!;
    const used = row.expired ? 0 : Number(row.count);
    if (used + amount > rule.max) {
      // on the database's clock, as the window itself
      return { allowed: false, retryAfter: Math.max(1, Number(row.retry_after)) };
    }
    await tx.execute(sql`update rate_limits set
        count = ${used + amount},
        window_start = case when ${row.expired} then now() else window_start end
      where key = ${key}`);
    return { allowed: true, retryAfter: null };
  });
}
