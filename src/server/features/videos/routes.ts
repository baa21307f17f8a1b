import { Hono } from 'hono';
import type { VideoListResponse } from '../../../shared/contracts/videos';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { listVideos } from './service';

/** GET /api/videos — the video library for the caller's course level (subscribers only). */
export const videoRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/', async (c) => {
  const { courseLevel, videos } = await listVideos(c.get('deps').database.db, c.get('user').courseLevel);
  return c.json({ courseLevel, videos } satisfies VideoListResponse);
});
