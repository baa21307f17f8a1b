import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../deps';
import { readSession, requireUser } from '../../auth/middleware';
import { notFound, readQuery } from '../../lib/http';
import { getProfile, isResetTokenValid } from './service';

const resetTokenQuery = z.object({ token: z.string().min(1, 'token is required').max(200) });

export const accountRoutes = new Hono<AppEnv>()
  /** The signed-in user's profile; 401 when signed out. */
  .get('/me', requireUser, async (c) => {
    const profile = await getProfile(c.get('deps').database.db, c.get('user').id);
    if (!profile) throw notFound('Profile not found.');
    return c.json({ profile });
  })
  /** The profile row is created with the sign-in itself; this answers the client's step 3 idempotently. */
  .post('/profile', requireUser, async (c) => {
    const profile = await getProfile(c.get('deps').database.db, c.get('user').id);
    if (!profile) throw notFound('Profile not found.');
    return c.json({ profile });
  })
  /** Session state for the client: who is signed in, if anyone (never 401). */
  .get('/session', async (c) => {
    const session = await readSession(c);
    return c.json({ user: session?.user ?? null });
  })
  .get('/reset-token', async (c) => {
    const { token } = readQuery(c, resetTokenQuery);
    return c.json({ valid: await isResetTokenValid(c.get('deps').auth, token) });
  });
