import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../deps';
import { createUserInputSchema, createVerifiedUser } from '../../auth/create-user';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CONTENT_LEVELS } from '../../../shared/constants';
import {
  QUESTION_MODES,
  QUESTION_TYPES,
  SECONDS_PER_TIMED_ITEM,
  type QuestionItemFile,
  type QuestionType,
} from '../../../shared/questions';
import { importQuestions } from '../../content/import';
import { loadQuestions } from '../../content/questions';
import { questionItems, questionSessions, users } from '../../db/schema';
import { forbidden, notFound, readJson } from '../../lib/http';
import { isLoopback, socketAddress } from '../../lib/net';

export const INTERNAL_TOKEN_HEADER = 'x-medicprep-internal-token';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether a secret sent by a client is the expected one, in time that depends on neither: their SHA-256 digests always
 * have the same length, so any header value (of any length, with any bytes) takes the same comparison and the same answer.
 */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The local-only channel the CLI uses while this server holds the embedded database's files: only
 * from this machine, only with the token written to the data directory at start-up.
 */
const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.get('deps').internalToken;
  const given = c.req.header(INTERNAL_TOKEN_HEADER) ?? '';
  const tokenOk = expected !== undefined && sameSecret(given, expected);
  if (!tokenOk || !isLoopback(socketAddress(c))) throw forbidden('Not available.');
  await next();
});

const questionSessionBody = z.object({
  email: z.email(),
  level: z.enum(CONTENT_LEVELS),
  mode: z.enum(QUESTION_MODES),
  perType: z.number().int().min(1).max(4).default(2),
  /** begin with the level's first case set of the practice pool (by key), its items in order */
  caseFirst: z.boolean().default(false),
});

/** An item's body as question_items.body holds it. */
type ItemBody = Pick<QuestionItemFile, 'stem' | 'options'>;

/** What a browser test needs to answer an item right, in the words on the screen. */
type KeyedByText =
  | { type: 'single' | 'multiple'; correct: string[] }
  | { type: 'build_list'; order: string[] }
  | { type: 'options_table' | 'drag_drop'; placements: [string, string][] };

function keyedByText(type: QuestionType, body: ItemBody): KeyedByText {
  switch (type) {
    case 'single':
    case 'multiple':
      return { type, correct: body.options.filter((o) => o.correct === true).map((o) => o.text) };
    case 'build_list':
      return { type, order: [...body.options].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((o) => o.text) };
    default:
      return { type, placements: body.options.map((o) => [o.text, o.category ?? '']) };
  }
}

const reviewLaterBody = z.object({ email: z.email(), days: z.number().int().min(1).max(365) });

const streakBody = z.object({
  email: z.email(),
  currentStreak: z.number().int().min(0).max(1_000_000),
  lastLoginDaysAgo: z.number().int().min(0).max(3650),
});

export const internalRoutes = new Hono<AppEnv>()
  .post('/users', localOnly, async (c) => {
    const input = await readJson(c, createUserInputSchema);
    return c.json({ user: await createVerifiedUser(c.get('deps'), input, { actor: null, ip: socketAddress(c), via: 'cli' }) }, 201);
  })
  /**
   * Browser tests only (NODE_ENV=test): delete a user a test made, with everything of theirs (the foreign keys cascade), so
   * no test leaves a user behind (tests/e2e/fixtures.ts deletes each test's users when it ends).
   */
  .delete('/test/users/:email', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const email = z.email().safeParse(c.req.param('email'));
    if (!email.success) throw notFound('No such user.');
    const rows = await c.get('deps').database.db.delete(users).where(eq(users.email, email.data.toLowerCase())).returning({ id: users.id });
    return c.json({ deleted: rows.length });
  })
  /** Browser tests only (NODE_ENV=test): put a user's streak where a scenario needs it. */
  .post('/test/streak', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const { email, currentStreak, lastLoginDaysAgo } = await readJson(c, streakBody);
    const lastLogin = new Date(c.get('deps').now().getTime() - lastLoginDaysAgo * 86_400_000);
    const rows = await c
      .get('deps')
      .database.db.update(users)
      .set({ currentStreak, lastLogin })
      .where(eq(users.email, email.toLowerCase()))
      .returning({ id: users.id });
    return c.json({ updated: rows.length });
  })
  /**
   * Browser tests only (NODE_ENV=test): `days` pass for a user's spaced review — every card's last review and due date and
   * every review log move that many days back — so a question missed today (due the next day, decision 091) is due now.
   */
  .post('/test/review-later', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const { email, days } = await readJson(c, reviewLaterBody);
    const db = c.get('deps').database.db;
    const shift = sql.raw(`interval '${days} days'`);
    const { rows } = await db.execute<{ id: string }>(sql`select id from ${users} where email = ${email.toLowerCase()}`);
    const id = rows[0]?.id;
    if (!id) throw notFound('No such user.');
    await db.execute(sql`update srs_cards set due = due - ${shift}, last_review = last_review - ${shift} where user_id = ${id}`);
    await db.execute(
      sql`update srs_review_logs set reviewed_at = reviewed_at - ${shift}, due_before = due_before - ${shift}, due_after = due_after - ${shift} where user_id = ${id}`,
    );
    return c.json({ updated: 1 });
  })
  /**
   * Browser tests only (NODE_ENV=test): a practice session of a fixed item set — the first `perType`
   * items of each type (by key, outside case sets), types interleaved — so a test covers every item type
   * without depending on the random pick. Answers with the keyed answers in the items' words.
   */
  .post('/test/question-session', localOnly, async (c) => {
    if (c.get('deps').config.env !== 'test') throw forbidden('Not available.');
    const { email, level, mode, perType, caseFirst } = await readJson(c, questionSessionBody);
    const db = c.get('deps').database.db;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    if (!user) throw forbidden('No such user.');
    const rows = await db
      .select({ key: questionItems.key, type: questionItems.type, body: questionItems.body })
      .from(questionItems)
      .where(
        and(
          eq(questionItems.level, level),
          eq(questionItems.retired, false),
          eq(questionItems.pool, 'practice'),
          isNull(questionItems.caseKey),
        ),
      )
      .orderBy(asc(questionItems.key));
    const picked = QUESTION_TYPES.map((t) => rows.filter((r) => r.type === t).slice(0, perType));
    const typed = Array.from({ length: perType }, (_, i) => picked.map((list) => list[i]))
      .flat()
      .filter((r) => r !== undefined);
    const caseRows = caseFirst
      ? await db
          .select({ key: questionItems.key, type: questionItems.type, body: questionItems.body, caseKey: questionItems.caseKey })
          .from(questionItems)
          .where(
            and(
              eq(questionItems.level, level),
              eq(questionItems.retired, false),
              eq(questionItems.pool, 'practice'),
              isNotNull(questionItems.caseKey),
            ),
          )
          .orderBy(asc(questionItems.caseKey), asc(questionItems.caseOrder))
      : [];
    const items = [...caseRows.filter((r) => r.caseKey === caseRows[0]?.caseKey), ...typed];
    const shuffle = (n: number) => {
      const p = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [p[i], p[j]] = [p[j]!, p[i]!];
      }
      return p;
    };
    const [session] = await db
      .insert(questionSessions)
      .values({
        userId: user.id,
        level,
        mode,
        settings: { domains: [], topics: [], count: items.length, filter: 'all', seeded: true },
        items: items.map((r) => ({ key: r.key, perm: shuffle((r.body as ItemBody).options.length) })),
        timeLimitS: mode === 'timed' ? SECONDS_PER_TIMED_ITEM * items.length : null,
      })
      .returning({ id: questionSessions.id });
    return c.json({
      sessionId: session!.id,
      items: items.map((r) => ({
        key: r.key,
        stem: (r.body as ItemBody).stem,
        ...keyedByText(r.type as QuestionType, r.body as ItemBody),
      })),
    });
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
