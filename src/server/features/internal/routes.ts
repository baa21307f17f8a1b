import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../deps';
import { createUserInputSchema, createVerifiedUser } from '../../auth/create-user';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { importQuestions } from '../../content/import';
import { loadQuestions } from '../../content/questions';
import { questionItems, users } from '../../db/schema';
import { forbidden, readJson } from '../../lib/http';
import { isLoopback, socketAddress } from '../../lib/net';

export const INTERNAL_TOKEN_HEADER = 'x-medicprep-internal-token';

/**
 * The local-only channel the CLI uses while this server holds the embedded database's files: only
 * from this machine, only with the token written to the data directory at start-up.
 */
const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.get('deps').internalToken;
  const given = c.req.header(INTERNAL_TOKEN_HEADER) ?? '';
  const tokenOk = expected !== undefined && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  if (!tokenOk || !isLoopback(socketAddress(c))) throw forbidden('Not available.');
  await next();
});

const streakBody = z.object({
  email: z.email(),
  currentStreak: z.number().int().min(0).max(1_000_000),
  lastLoginDaysAgo: z.number().int().min(0).max(3650),
});

export const internalRoutes = new Hono<AppEnv>()
  .post('/users', localOnly, async (c) => {
    const input = await readJson(c, createUserInputSchema);
    const { auth, database } = c.get('deps');
    return c.json({ user: await createVerifiedUser(auth, database.db, input, { actor: null, ip: socketAddress(c), via: 'cli' }) }, 201);
  })
  /** Browser tests only (NODE_ENV=test): put a user's streak where a scenario needs it. */
  .post('/test/streak', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const { email, currentStreak, lastLoginDaysAgo } = await readJson(c, streakBody);
    const lastLogin = new Date(Date.now() - lastLoginDaysAgo * 86_400_000);
    const rows = await c
      .get('deps')
      .database.db.update(users)
      .set({ currentStreak, lastLogin })
      .where(eq(users.email, email.toLowerCase()))
      .returning({ id: users.id });
    return c.json({ updated: rows.length });
  })
  /**
   * Browser tests only (NODE_ENV=test): import the question starter fixture (tests/fixtures/questions-starter)
   * when the served library has no question items of its own yet, so the practice and admin screens have items.
   */
  .post('/test/question-fixture', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const db = c.get('deps').database.db;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(questionItems)
      .where(eq(questionItems.retired, false));
    if ((row?.n ?? 0) > 0) return c.json({ imported: 0 });
    const fixture = loadQuestions(path.resolve('tests/fixtures/questions-starter'), path.resolve('media'));
    if (fixture.problems.length) throw forbidden(fixture.problems.join('; '));
    const report = await importQuestions(db, fixture.questions);
    return c.json({ imported: report.questions.inserted });
  });
