import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminUsersQuery,
  courseLevelBody,
  createUserBody,
  grantAccessBody,
  roleBody,
  type AdminUserResponse,
  type ResetSentResponse,
} from '../../../shared/contracts/admin-users';
import type { AppEnv } from '../../deps';
import { createVerifiedUser } from '../../auth/create-user';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { readJson, readQuery, validationError } from '../../lib/http';
import { auditBy } from '../../lib/audit-by';
import { deleteUser, getAdminUser, grantAccess, listUsers, sendResetEmail, setCourseLevel, setRole, userAnalytics } from './service';

const idParam = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Unknown user');

function userId(raw: string) {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export const adminUserRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireAdmin)
  .get('/', async (c) => c.json(await listUsers(c.get('deps'), readQuery(c, adminUsersQuery))))
  .post('/', async (c) => {
    const body = await readJson(c, createUserBody);
    const deps = c.get('deps');
    const created = await createVerifiedUser(deps, body, { ...auditBy(c), via: 'admin' });
    return c.json({ user: await getAdminUser(deps, created.id) } satisfies AdminUserResponse, 201);
  })
  .get('/:id/analytics', async (c) => c.json(await userAnalytics(c.get('deps'), userId(c.req.param('id')))))
  .patch('/:id/role', async (c) => {
    const { role } = await readJson(c, roleBody);
    return c.json({
      user: await setRole(c.get('deps'), auditBy(c), userId(c.req.param('id')), role),
    } satisfies AdminUserResponse);
  })
  .patch('/:id/course-level', async (c) => {
    const { courseLevel } = await readJson(c, courseLevelBody);
    const user = await setCourseLevel(c.get('deps'), auditBy(c), userId(c.req.param('id')), courseLevel);
    return c.json({ user } satisfies AdminUserResponse);
  })
  .post('/:id/access', async (c) => {
    const { days } = await readJson(c, grantAccessBody);
    return c.json({
      user: await grantAccess(c.get('deps'), auditBy(c), userId(c.req.param('id')), days),
    } satisfies AdminUserResponse);
  })
  .post('/:id/reset-password', async (c) => {
    await sendResetEmail(c.get('deps'), auditBy(c), userId(c.req.param('id')));
    return c.json({ sent: true } satisfies ResetSentResponse);
  })
  .delete('/:id', async (c) => {
    await deleteUser(c.get('deps'), auditBy(c), userId(c.req.param('id')));
    return c.body(null, 204);
  });
