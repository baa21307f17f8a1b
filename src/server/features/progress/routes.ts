import { Hono } from 'hono';
import { progressQuery, type ProgressResponse } from '../../../shared/contracts/progress';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { levelFor, levelsOf } from '../../domain/items';
import { readQuery } from '../../lib/http';
import { progressOf } from './service';

/** /api/progress (docs/product.md §10.7): readiness over time, domain standings and weekly figures; subscribers only. */
export const progressRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/', async (c) => {
  const query = readQuery(c, progressQuery);
  const user = c.get('user');
  const levels = levelsOf(user.courseLevel);
  const level = levelFor(user.courseLevel, query.level, 'level');
  const deps = c.get('deps');
  return c.json((await progressOf(deps, user.id, level, levels)) satisfies ProgressResponse);
});
