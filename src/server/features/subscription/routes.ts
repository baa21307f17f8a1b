import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { z } from 'zod';
import { readJson } from '../../lib/http';
import { verifySubscription } from './service';

const syncBody = z.object({ email: z.string().max(254).optional() });

export const subscriptionRoutes = new Hono<AppEnv>()
  .post('/verify', requireUser, async (c) => c.json(await verifySubscription(c.get('deps').database.db, c.get('user'))))
  /** Reconciles the profile with the payment provider; the sandbox keeps no records elsewhere yet. */
  .post('/sync', requireUser, async (c) => {
    await readJson(c, syncBody);
    return c.json({ synced: false });
  });
