import { Hono } from 'hono';
import { homeBody, type HomeResponse } from '../../../shared/contracts/home';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { contentVersion } from '../../content/import';
import { readJson } from '../../lib/http';
import { acceptedZone } from '../../lib/time-zones';
import { recordVisit, studyStats } from './service';

/** POST /api/home — everything the home screen shows, in one call; records the day's visit. */
export function homeRoutes(content: Content) {
  const resources = content.resources.map((r) => ({
    key: r.key,
    title: r.title,
    description: r.description,
    url: r.url,
    imageUrl: r.image_url,
    kind: r.kind,
  }));
  return new Hono<AppEnv>().post('/', requireUser, requireSubscription, async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    const timeZone = await acceptedZone(db, (await readJson(c, homeBody)).timeZone);
    const { id, email, firstName, lastName, courseLevel, role, lastLogin, currentStreak, timeZone: lastZone } = c.get('user');
    const [streak, stats, version] = await Promise.all([
      recordVisit(deps, id, timeZone, { currentStreak, lastLogin, timeZone: lastZone }),
      studyStats(deps, id),
      contentVersion(db),
    ]);
    return c.json({
      profile: { email, firstName, lastName, courseLevel, role },
      streak,
      stats,
      resources,
      contentVersion: version,
      firstVisit: lastLogin === null,
    } satisfies HomeResponse);
  });
}
