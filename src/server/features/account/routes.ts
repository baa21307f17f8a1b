import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../deps';
import { readSession, requireUser } from '../../auth/middleware';
import { HttpError, notFound, readJson, readQuery } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import { cancelEmailChangeByToken, confirmEmailChange, requestEmailChange, type EmailChangeDeps } from '../../auth/email-change';
import { getProfile } from '../../lib/profile';
import { isResetTokenValid } from './service';
import { verifyAnswer } from '../../../shared/subscription';
import { changeEmailBody, type ChangeEmailResponse } from '../../../shared/contracts/profile';
import { ERROR_CODES, MESSAGES } from '../../../shared/errors';
import type { EmailChangeCancelled, EmailChangeResult, ResetTokenResponse, SessionResponse } from '../../../shared/contracts/account';

const resetTokenQuery = z.object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200) });
const linkBody = z.object({ token: z.string().min(1, 'token is required').max(200) });

/** Per account: a wrong current password counts too, so this also bounds guessing with a stolen session. */
export const EMAIL_CHANGE_RATE_LIMIT = { window: 15 * 60, max: 5 };

const emailChangeDeps = (c: Context<AppEnv>): EmailChangeDeps => {
  const deps = c.get('deps');
  return { ...deps, publicUrl: deps.config.publicUrl };
};

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
    if (!found) return c.json({ user: null, session: null, subscription: null } satisfies SessionResponse);
    const { user } = found;
    return c.json({
      user: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: user.name,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        courseLevel: user.courseLevel,
        firstLogin: user.lastLogin === null,
      },
      session: { id: found.sessionId, expiresAt: found.expiresAt.toISOString() },
      subscription: user.emailVerified ? verifyAnswer(user, c.get('deps').now()) : null,
    } satisfies SessionResponse);
  })
  .get('/reset-token', async (c) => {
    const { token } = readQuery(c, resetTokenQuery);
    return c.json({ valid: await isResetTokenValid(c.get('deps'), token) } satisfies ResetTokenResponse);
  })
  /** Starts a change of address: needs the current password; links go to the new and the current address. */
  .post('/change-email', requireUser, async (c) => {
    const body = await readJson(c, changeEmailBody);
    const { database, config } = c.get('deps');
    const user = c.get('user');
    if (config.rateLimit) {
      const limit = await consumeRateLimit(database.db, `email-change:${user.id}`, EMAIL_CHANGE_RATE_LIMIT);
      if (!limit.allowed) throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyAttempts);
    }
    await requestEmailChange(emailChangeDeps(c), user, body);
    return c.json({ status: true } satisfies ChangeEmailResponse);
  })
  /** One of the two links of a change of address (no session needed: the link may be opened anywhere). */
  .post('/change-email/confirm', async (c) => {
    const { token } = await readJson(c, linkBody);
    return c.json((await confirmEmailChange(emailChangeDeps(c), token)) satisfies EmailChangeResult);
  })
  /** "This wasn't me": either link cancels the change. */
  .post('/change-email/cancel', async (c) => {
    const { token } = await readJson(c, linkBody);
    await cancelEmailChangeByToken(c.get('deps'), token);
    return c.json({ status: 'cancelled' } satisfies EmailChangeCancelled);
  });
