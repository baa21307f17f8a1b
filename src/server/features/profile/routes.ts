import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { users } from '../../db/schema';
import { getProfile, profileJson } from '../../lib/profile';
import { profileNamesBody, type ProfileResponse } from '../../../shared/contracts/profile';
import { notFound, readJson } from '../../lib/http';
import type { Db } from '../../db/client';

async function profileBody(db: Db, userId: string): Promise<ProfileResponse> {
  const profile = await getProfile(db, userId);
  if (!profile) throw notFound('Profile not found.');
  return { profile: profileJson(profile) };
}

export const profileRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => c.json(await profileBody(c.get('deps').database.db, c.get('user').id)))
  .patch('/', async (c) => {
    const { firstName, lastName } = await readJson(c, profileNamesBody);
    const db = c.get('deps').database.db;
    await db
      .update(users)
      .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
      .where(eq(users.id, c.get('user').id));
    return c.json(await profileBody(db, c.get('user').id));
  });
