import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../deps';
import { readSession, requireUser } from '../../auth/middleware';
import { notFound, readQuery } from '../../lib/http';
import { getProfile, isResetTokenValid } from './service';
import { verifyAnswer } from '../../../shared/subscription';

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
  /**
   * Session state for the client, never 401: who is signed in, when the session ends and, for a
   * verified user, the verify-subscription answer, so the app can route after one request.
   */
  .get('/session', async (c) => {
    const found = await readSession(c);
    if (!found) return c.json({ user: null, session: null, subscription: null });
    const { user } = found;
    return c.json({
      user: { id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name, firstName: user.firstName, lastName: user.lastName, role: user.role },
      session: { id: found.sessionId, expiresAt: found.expiresAt.toISOString() },
      subscription: user.emailVerified ? verifyAnswer(user) : null,
    });
  })
  .get('/reset-token', async (c) => {
    const { token } = readQuery(c, resetTokenQuery);
    return c.json({ valid: await isResetTokenValid(c.get('deps').auth, token) });
  });
