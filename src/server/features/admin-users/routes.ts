import { Hono } from 'hono';
import { z } from 'zod';
import { COURSE_LEVELS, PASSWORD } from '../../../shared/constants';
import type { AppEnv } from '../../deps';
import { createVerifiedUser } from '../../auth/create-user';
import { requireAdmin, requireUser } from '../../auth/middleware';
import { readJson, readQuery, validationError } from '../../lib/http';
import { auditBy } from '../../lib/audit-by';
import { deleteUser, listUsers, sendResetEmail, setRole, userAnalytics } from './service';

const listQuery = z.object({
  q: z.string().trim().max(200, 'Search is at most 200 characters').default(''),
  role: z.enum(['all', 'user', 'admin']).default('all'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
});
const createBody = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.email('Please enter a valid email address').max(254),
  password: z.string().min(PASSWORD.min, `Password must be at least ${PASSWORD.min} characters`).max(PASSWORD.max),
  role: z.enum(['user', 'admin']).default('user'),
  courseLevel: z.enum(COURSE_LEVELS).default('Paramedic'),
});
const roleBody = z.object({ role: z.enum(['user', 'admin']) });
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
  .get('/', async (c) => c.json(await listUsers(c.get('deps').database.db, readQuery(c, listQuery))))
  .post('/', async (c) => {
    const body = await readJson(c, createBody);
    const { auth, database } = c.get('deps');
    return c.json({ user: await createVerifiedUser(auth, database.db, body, { ...auditBy(c), via: 'admin' }) }, 201);
  })
  .get('/:id/analytics', async (c) => c.json(await userAnalytics(c.get('deps').database.db, userId(c.req.param('id')))))
  .patch('/:id/role', async (c) => {
    const { role } = await readJson(c, roleBody);
    return c.json({ user: await setRole(c.get('deps').database.db, auditBy(c), userId(c.req.param('id')), role) });
  })
  .post('/:id/reset-password', async (c) => {
    const { auth, database, config } = c.get('deps');
    await sendResetEmail(auth, database.db, auditBy(c), userId(c.req.param('id')), config.publicUrl);
    return c.json({ sent: true });
  })
  .delete('/:id', async (c) => {
    const { database, payments, log } = c.get('deps');
    await deleteUser(database.db, payments, log, auditBy(c), userId(c.req.param('id')));
    return c.body(null, 204);
  });
