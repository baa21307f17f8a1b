import { Hono } from 'hono';
import { carouselFor } from '../../../shared/carousel';
import { COURSE_LEVELS, type CourseLevel } from '../../../shared/constants';
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
  // the cards of each course level (decision 107), made once
  const resourcesFor = (courseLevel: CourseLevel) =>
    carouselFor(courseLevel, content.resources).map((r) => ({
      key: r.key,
      title: r.title,
      description: r.description,
      url: r.url,
      imageUrl: r.image_url,
      kind: r.kind,
      courseLevel: r.course_level,
    }));
  const byLevel = Object.fromEntries(COURSE_LEVELS.map((l) => [l, resourcesFor(l)])) as Record<
    CourseLevel,
    ReturnType<typeof resourcesFor>
  >;
  return new Hono<AppEnv>().post('/', requireUser, requireSubscription, async (c) => {
    const deps = c.get('deps');
    const { db } = deps;
    const timeZone = await acceptedZone(db, (await readJson(c, homeBody)).timeZone);
    const {
      id,
      email,
      firstName,
      lastName,
      courseLevel,
      role,
      lastLogin,
      currentStreak,
      timeZone: lastZone,
      courseLevelChosenAt,
    } = c.get('user');
    const [streak, stats, version] = await Promise.all([
      recordVisit(deps, id, timeZone, { currentStreak, lastLogin, timeZone: lastZone }),
      studyStats(deps, id),
      contentVersion(db),
    ]);
    return c.json({
      profile: { email, firstName, lastName, courseLevel, role },
      streak,
      stats,
      resources: byLevel[courseLevel],
      contentVersion: version,
      firstVisit: lastLogin === null,
      askCourseLevel: lastLogin === null && !courseLevelChosenAt,
    } satisfies HomeResponse);
  });
}
