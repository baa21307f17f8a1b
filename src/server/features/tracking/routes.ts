import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { ACTION_TYPES, FEATURE_TYPES } from '../../../shared/constants';
import { eventBatchSchema } from '../../../shared/event-schema';
import { roundedPercent } from '../../../shared/events';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { userInteractions } from '../../db/schema';
import { readJson, readQuery } from '../../lib/http';

const MAX_SKEW_MS = 5 * 60_000;

/**
 * POST /api/events — a batch of usage events for the signed-in user. Each event carries a client id,
 * so a retried batch is stored once; times from the future are clamped to now.
 */
export const trackingRoutes = new Hono<AppEnv>().post('/', requireUser, async (c) => {
  const { events } = await readJson(c, eventBatchSchema);
  const userId = c.get('user').id;
  const now = Date.now();
  const rows = events.map((e) => ({
    id: e.id,
    userId,
    featureType: e.feature_type,
    featureId: e.feature_id ?? null,
    actionType: e.action_type,
    durationSeconds: e.duration_seconds ?? null,
    score: e.score ?? null,
    totalItems: e.total_items ?? null,
    completionPercentage: roundedPercent(e.completion_percentage),
    createdAt: new Date(Math.min(Date.parse(e.created_at), now + MAX_SKEW_MS)),
  }));
  const stored = await c.get('deps').database.db.insert(userInteractions).values(rows).onConflictDoNothing().returning({ id: userInteractions.id });
  return c.json({ received: rows.length, stored: stored.length });
});

const progressQuery = z.object({
  feature_type: z.enum(FEATURE_TYPES),
  action_type: z.enum(ACTION_TYPES),
});

/** GET /api/events?feature_type=&action_type= — the caller's own events of one kind (progress reads, spec section 7). */
trackingRoutes.get('/', requireUser, async (c) => {
  const q = readQuery(c, progressQuery);
  const rows = await c
    .get('deps')
    .database.db.select({ feature_id: userInteractions.featureId, completion_percentage: userInteractions.completionPercentage, score: userInteractions.score, total_items: userInteractions.totalItems, created_at: userInteractions.createdAt })
    .from(userInteractions)
    .where(and(eq(userInteractions.userId, c.get('user').id), eq(userInteractions.featureType, q.feature_type), eq(userInteractions.actionType, q.action_type)))
    .orderBy(desc(userInteractions.createdAt))
    .limit(5000);
  return c.json({ events: rows });
});
