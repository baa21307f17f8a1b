import { Hono } from 'hono';
import { z } from 'zod';
import { timeZoneSchema } from '../../../shared/auth-schemas';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { contentVersion } from '../../content/import';
import { readJson } from '../../lib/http';
import { homeProfile, recordVisit, studyStats } from './service';

const homeBody = z.object({ timeZone: timeZoneSchema });

/** POST /api/home — everything the home screen shows, in one call; records the day's visit. */
export function homeRoutes(content: Content) {
  const resources = content.resources.map((r) => ({ key: r.key, title: r.title, description: r.description, url: r.url, imageUrl: r.image_url, kind: r.kind }));
  return new Hono<AppEnv>().post('/', requireUser, requireSubscription, async (c) => {
    const { timeZone } = await readJson(c, homeBody);
    const db = c.get('deps').database.db;
    const userId = c.get('user').id;
    const streak = await recordVisit(db, userId, timeZone);
    const [profile, stats, version] = await Promise.all([homeProfile(db, userId), studyStats(db, userId), contentVersion(db)]);
    return c.json({ profile, streak, stats, resources, contentVersion: version });
  });
}
