import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { eventBatchBody, eventsQuery, type EventBatchResponse, type EventsResponse } from '../../../shared/contracts/tracking';
import { ERROR_CODES } from '../../../shared/errors';
import { EVENT_MAX_SKEW_MS } from '../../../shared/event-schema';
import { roundedPercent } from '../../../shared/events';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { userInteractions } from '../../db/schema';
import { HttpError, readJson, readQuery } from '../../lib/http';
import { consumeQuota, EVENT_DAILY_CAP } from '../../lib/quota';
import { consumeRateLimit } from '../../lib/rate-limit';

/** Batches per user per minute (the tracker sends one every few seconds at most). */
export const EVENT_BATCH_LIMIT = { window: 60, max: 60 };
export { EVENT_DAILY_CAP };

/**
 * POST /api/events — a batch of usage events for the signed-in subscriber (every screen that sends
 * events is a study screen). Each event carries a client id, so a retried batch is stored once; times
 * from the future are clamped to now, times older than the accepted window are refused. Per user:
 * at most EVENT_BATCH_LIMIT batches a minute and EVENT_DAILY_CAP events a day (429 + Retry-After).
 */
export const trackingRoutes = new Hono<AppEnv>().post('/', requireUser, requireSubscription, async (c) => {
  const { events } = await readJson(c, eventBatchBody);
  const userId = c.get('user').id;
  const { config, database } = c.get('deps');
  if (config.rateLimit) {
    const tooMany = (retryAfter: number | null, message: string) => {
      c.header('Retry-After', String(retryAfter ?? 60));
      return new HttpError(429, ERROR_CODES.rateLimited, message);
    };
    const batches = await consumeRateLimit(database.db, `events:batch:${userId}`, EVENT_BATCH_LIMIT);
    if (!batches.allowed) throw tooMany(batches.retryAfter, 'Too many event batches. Please wait a minute and try again.');
    const daily = await consumeQuota(database.db, `events:day:${userId}`, events.length, EVENT_DAILY_CAP);
    if (!daily.allowed)
      throw tooMany(daily.retryAfter, `At most ${EVENT_DAILY_CAP.max} events a day are recorded per user. Try again later.`);
  }
  const now = Date.now();
  const rows = events.map((e) => ({
    id: e.id,
    userId,
    featureType: e.featureType,
    featureId: e.featureId ?? null,
    actionType: e.actionType,
    durationSeconds: e.durationSeconds ?? null,
    score: e.score ?? null,
    totalItems: e.totalItems ?? null,
    completionPercentage: roundedPercent(e.completionPercentage),
    createdAt: new Date(Math.min(Date.parse(e.createdAt), now + EVENT_MAX_SKEW_MS)),
  }));
  const stored = await c
    .get('deps')
    .database.db.insert(userInteractions)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: userInteractions.id });
  return c.json({ received: rows.length, stored: stored.length } satisfies EventBatchResponse);
});

/** GET /api/events?featureType=&actionType= — the caller's own events of one kind (progress reads, docs/product.md §7). */
trackingRoutes.get('/', requireUser, async (c) => {
  const q = readQuery(c, eventsQuery);
  const rows = await c
    .get('deps')
    .database.db.select({
      featureId: userInteractions.featureId,
      completionPercentage: userInteractions.completionPercentage,
      score: userInteractions.score,
      totalItems: userInteractions.totalItems,
      createdAt: userInteractions.createdAt,
    })
    .from(userInteractions)
    .where(
      and(
        eq(userInteractions.userId, c.get('user').id),
        eq(userInteractions.featureType, q.featureType),
        eq(userInteractions.actionType, q.actionType),
      ),
    )
    .orderBy(desc(userInteractions.createdAt))
    .limit(5000);
  return c.json({ events: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) } satisfies EventsResponse);
});
