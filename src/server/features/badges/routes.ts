import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { BadgesResponse } from '../../../shared/contracts/badges';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { badges, userBadges } from '../../db/schema';

export const badgeRoutes = new Hono<AppEnv>().get('/', requireUser, requireSubscription, async (c) => {
  const rows = await c
    .get('deps')
    .database.db.select({
      id: badges.id,
      key: badges.key,
      name: badges.name,
      description: badges.description,
      imageUrl: badges.imageUrl,
      requirementText: badges.requirementText,
      streakDays: badges.streakDays,
      earnedAt: userBadges.earnedAt,
    })
    .from(badges)
    .leftJoin(userBadges, and(eq(userBadges.badgeId, badges.id), eq(userBadges.userId, c.get('user').id)))
    .orderBy(asc(badges.sortOrder));
  const body: BadgesResponse = {
    badges: rows.map((b) => ({ ...b, earnedAt: b.earnedAt ? b.earnedAt.toISOString() : null })),
    earned: rows.filter((b) => b.earnedAt).length,
    total: rows.length,
  };
  return c.json(body);
});
