import { and, eq, isNull } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { admin } from 'better-auth/plugins';
import { PASSWORD } from '../../shared/constants';
import { signUpRules } from '../../shared/contracts/account';
import { ERROR_CODES } from '../../shared/errors';
import { SESSION } from '../../shared/session';
import { deviceTypeFromUserAgent } from '../../shared/device-type';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, sessions, users, verifications } from '../db/schema';
import { consumeRateLimit } from '../lib/rate-limit';
import type { Mailer } from '../mail/mailer';
import { mailTemplates } from '../mail/templates';
import type { Logger } from '../lib/logger';
import { signInLimit } from './sign-in-limit';
import { trustedOrigins } from '../lib/origins';
import { afterPasswordReset, resetTokenStorage, securityAfter, securityBefore } from './account-security';
import { replacePendingSignUp } from './pending-sign-up';

/** Header our HTTP layer sets to the caller's address (never taken from the client). */
export const CLIENT_IP_HEADER = 'x-medicprep-client-ip';

export const AUTH_RATE_LIMITS = {
  // per address: a class of 30 behind one school address signs in at once (per account: ./sign-in-limit.ts)
  '/sign-in/email': { window: 5 * 60, max: 100 },
  '/sign-up/email': { window: 60, max: 5 },
  '/request-password-reset': { window: 60, max: 3 },
  '/send-verification-email': { window: 60, max: 3 },
} as const;

/** The reset e-mail links to the app's reset screen, which completes the reset through the API. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newpassword?token_hash=${encodeURIComponent(token)}&type=recovery`;
}

export interface AuthDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: Logger;
  /** the product's clock (lib/clock.ts), for what our hooks write; Better Auth keeps its own timestamps */
  now: () => Date;
}

export function createAuth({ config, db, mailer, log, now }: AuthDeps) {
  const accountLimit = signInLimit({ db, log, enforce: config.rateLimit, ipHeader: CLIENT_IP_HEADER });
  return betterAuth({
    appName: 'MedicPrep',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        courseLevel: { type: 'string', required: false, input: false, defaultValue: 'Paramedic' },
        deviceType: { type: 'string', required: false, input: false },
      },
      // replaced by POST /api/account/change-email (src/server/auth/email-change.ts)
      changeEmail: { enabled: false },
    },
    session: {
      expiresIn: SESSION.expiresInSeconds,
      updateAge: SESSION.updateAgeSeconds,
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD.min,
      maxPasswordLength: PASSWORD.max,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(mailTemplates.resetPassword(user.email, resetPasswordUrl(config.publicUrl, token)));
      },
      onPasswordReset: async ({ user }) => afterPasswordReset({ db, now }, user.id),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(mailTemplates.verifyEmail(user.email, url));
      },
    },
    rateLimit: {
      enabled: config.rateLimit,
      window: 60,
      max: 300,
      customRules: AUTH_RATE_LIMITS,
      customStorage: { consume: (key, rule) => consumeRateLimit(db, `auth:${key}`, rule) },
    },
    verification: { storeIdentifier: resetTokenStorage },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Better Auth skips its origin check when NODE_ENV=test; the API tests check the real one.
      disableOriginCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          before: (user, ctx) => {
            const userAgent = ctx?.request?.headers.get('user-agent') ?? ctx?.headers?.get('user-agent') ?? null;
            const firstName = typeof user.firstName === 'string' ? user.firstName.trim() : '';
            const lastName = typeof user.lastName === 'string' ? user.lastName.trim() : '';
            return Promise.resolve({
              data: {
                ...user,
                firstName,
                lastName,
                name: `${firstName} ${lastName}`.trim() || user.name,
                courseLevel: 'Paramedic',
                deviceType: deviceTypeFromUserAgent(userAgent),
              },
            });
          },
        },
      },
      session: {
        create: {
          // A user made by an administrator or the CLI has no device until they first sign in: record it then (the
          // device type of docs/product.md §3). A device already known (the one signed up on) is kept.
          after: async (session, ctx) => {
            const userAgent = ctx?.request?.headers.get('user-agent') ?? ctx?.headers?.get('user-agent') ?? null;
            await db
              .update(users)
              .set({ deviceType: deviceTypeFromUserAgent(userAgent) })
              .where(and(eq(users.id, session.userId), isNull(users.deviceType)));
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        await accountLimit.before(ctx);
        // Names change through PATCH /api/profile, which validates them; this generic route would not.
        if (ctx.path === '/update-user') throw new APIError('FORBIDDEN', { message: 'Change your name from the Profile screen.' });
        const change = securityBefore(ctx);
        if (change) return change;
        if (ctx.path !== '/sign-up/email') return;
        // The sign-up form's own rules (src/shared/contracts/account.ts), each problem on its field as our other routes answer.
        const parsed = signUpRules.safeParse(ctx.body);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
          throw new APIError('BAD_REQUEST', { code: ERROR_CODES.validation, message: issues[0]?.message ?? 'Invalid sign-up', issues });
        }
        await replacePendingSignUp(ctx, { db, now }, parsed.data);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await accountLimit.after(ctx);
        await securityAfter({ db, now }, ctx);
      }),
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    logger: {
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        fn({ args }, `auth: ${message}`);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
