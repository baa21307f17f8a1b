import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { requireUser } from '../../auth/middleware';
import { users } from '../../db/schema';
import { getProfile, profileJson } from '../../lib/profile';
import { courseLevelBody, profileNamesBody, type ProfileResponse } from '../../../shared/contracts/profile';
import { recordAudit } from '../../lib/audit';
import { auditBy } from '../../lib/audit-by';
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
      .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: c.get('deps').now() })
      .where(eq(users.id, c.get('user').id));
    return c.json(await profileBody(db, c.get('user').id));
  })
  /** The student's own course level (docs/product.md §10.1): sign-up records Paramedic; EMT or Both is chosen here. Audited. */
  .patch('/course-level', async (c) => {
    const { courseLevel } = await readJson(c, courseLevelBody);
    const db = c.get('deps').database.db;
    const user = c.get('user');
    const by = auditBy(c);
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ courseLevel: users.courseLevel, chosenAt: users.courseLevelChosenAt })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      if (!before) throw notFound('Profile not found.');
      const now = c.get('deps').now();
      // answering with the level already recorded is a choice too: home does not ask again (decision 107)
      if (before.courseLevel === courseLevel) {
        if (!before.chosenAt) await tx.update(users).set({ courseLevelChosenAt: now }).where(eq(users.id, user.id));
        return;
      }
      await tx.update(users).set({ courseLevel, courseLevelChosenAt: now, updatedAt: now }).where(eq(users.id, user.id));
      await recordAudit(tx, {
        action: 'user.course_level',
        ...by,
        target: { type: 'user', id: user.id, label: user.email },
        before: { courseLevel: before.courseLevel },
        after: { courseLevel },
      });
    });
    return c.json(await profileBody(db, user.id));
  });
