import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { users } from '../../db/schema';
import { readJson } from '../../lib/http';
import { getProfile } from '../../lib/profile';

const nameBody = z.strictObject({
  firstName: z.string().trim().min(1, 'First name is required').max(100, 'First name is too long'),
  lastName: z.string().trim().min(1, 'Last name is required').max(100, 'Last name is too long'),
});

export const profileRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => c.json({ profile: await getProfile(c.get('deps').database.db, c.get('user').id) }))
  .patch('/', async (c) => {
    const { firstName, lastName } = await readJson(c, nameBody);
    const db = c.get('deps').database.db;
    await db
      .update(users)
      .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
      .where(eq(users.id, c.get('user').id));
    return c.json({ profile: await getProfile(db, c.get('user').id) });
  });
