import { Hono } from 'hono';
import { searchQuery, type SearchResponse } from '../../../shared/contracts/search';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { readQuery } from '../../lib/http';
import { search } from './service';

/** GET /api/search?q= — the student's levels' study content matching the words (subscribers only, like the content it finds). */
export const searchRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/', async (c) => {
  const { q } = readQuery(c, searchQuery);
  const user = c.get('user');
  const body: SearchResponse = await search(c.get('deps'), { id: user.id, courseLevel: user.courseLevel }, q);
  return c.json(body);
});
