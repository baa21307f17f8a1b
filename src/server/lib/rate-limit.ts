import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface RateLimitRule {
  /** seconds */
  window: number;
  max: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfter: number | null;
}

/**
 * Records one request against `key` and reports whether it is within the rule, in one atomic
 * statement, so every server process sharing the database shares the counters and concurrent
 * requests cannot all slip past a stale read.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  // the window is judged on the database's clock, start to end, so every process sharing the counters agrees on it
  const result = await db.execute<{ count: number; retry_after: number | string }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.window}) then 1
                   else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.window}) then now()
                   else rate_limits.window_start end
    returning count, ceil(extract(epoch from window_start + make_interval(secs => ${rule.window}) - now())) as retry_after`);
  const row = result.rows[0];
  if (!row) return { allowed: true, retryAfter: null };
  if (row.count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Drops counters whose window ended long ago (they would otherwise grow with every new address). */
export async function pruneRateLimits(db: Db, olderThanSeconds = 86_400): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - make_interval(secs => ${olderThanSeconds})`);
}
