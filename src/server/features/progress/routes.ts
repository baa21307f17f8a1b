import { Hono } from 'hono';
import type { ContentLevel } from '../../../shared/constants';
import { progressQuery, type ProgressResponse } from '../../../shared/contracts/progress';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { HttpError, readQuery } from '../../lib/http';
import { progressOf } from './service';

/** /api/progress (issue 17): readiness over time, domain standings and weekly figures; subscribers only. */
export const progressRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/', async (c) => {
  const query = readQuery(c, progressQuery);
  const user = c.get('user');
  const levels: ContentLevel[] = user.courseLevel === 'Both' ? ['Paramedic', 'EMT'] : [user.courseLevel];
  const level = query.level ?? levels[0]!;
  if (!levels.includes(level))
    throw new HttpError(403, 'LEVEL_NOT_AVAILABLE', `The ${level} level is not part of your course level (${user.courseLevel}).`);
  const deps = c.get('deps');
  return c.json((await progressOf(deps.database.db, user.id, level, levels, deps.now())) satisfies ProgressResponse);
});
