import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { verifySubscription } from './service';

export const subscriptionRoutes = new Hono<AppEnv>().post('/verify', requireUser, async (c) =>
  c.json(await verifySubscription(c.get('deps').database.db, c.get('user'))),
);
