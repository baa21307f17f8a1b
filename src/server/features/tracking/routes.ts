import { Hono } from 'hono';
import { eventBatchSchema, roundedPercent } from '../../../shared/events';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { userInteractions } from '../../db/schema';
import { readJson } from '../../lib/http';

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
