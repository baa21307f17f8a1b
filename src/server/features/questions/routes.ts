import { Hono } from 'hono';
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/errors';
import { flagSchema, optionsQuerySchema, reportSchema, startSessionSchema, submitAnswerSchema } from '../../../shared/contracts/questions';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { HttpError, notFound, readJson, readQuery } from '../../lib/http';
import { requireWithinQuota } from '../../lib/quota';
import { consumeRateLimit } from '../../lib/rate-limit';
import {
  completeSession,
  currentSession,
  fileReport,
  getSession,
  levelFor,
  levelsOf,
  myItemReports,
  questionOptions,
  setFlag,
  startSession,
  submitAnswer,
} from './service';

/** Problem reports per student per hour and per day: a real student files a few. */
export const REPORT_LIMIT = { window: 3600, max: 30 };
export const REPORT_DAILY_LIMIT = { window: 86_400, max: 100 };
/** Practice sessions a student may start in a day: a long day of study is a few dozen. */
export const SESSION_DAILY_LIMIT = { window: 86_400, max: 200 };

const sessionId = z.uuid();
function idOf(raw: string): string {
  const parsed = sessionId.safeParse(raw);
  if (!parsed.success) throw notFound('This practice session does not exist.');
  return parsed.data;
}
const itemKey = z.string().min(1).max(100);

/**
 * /api/questions — question practice (docs/product.md §10.4; docs/api.md). Subscribers only; a student gets the
 * items of their course level only (Both: one level per session).
 */
export const questionRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/options', async (c) => {
    const q = readQuery(c, optionsQuerySchema);
    const user = c.get('user');
    const level = levelFor(user.courseLevel, q.level, 'question bank');
    return c.json(await questionOptions(c.get('deps'), user.id, user.courseLevel, level));
  })
  .post('/sessions', async (c) => {
    const body = await readJson(c, startSessionSchema);
    const user = c.get('user');
    const level = levelFor(user.courseLevel, body.level, 'question bank');
    const { config, database } = c.get('deps');
    if (config.rateLimit)
      await requireWithinQuota(
        database.db,
        `question-sessions:day:${user.id}`,
        SESSION_DAILY_LIMIT,
        `At most ${SESSION_DAILY_LIMIT.max} practice sessions can be started in a day. Try again tomorrow.`,
      );
    return c.json({ session: await startSession(c.get('deps'), user.id, level, body) }, 201);
  })
  .get('/sessions/current', async (c) => c.json({ session: await currentSession(c.get('deps'), c.get('user').id) }))
  .get('/sessions/:id', async (c) => c.json({ session: await getSession(c.get('deps'), c.get('user').id, idOf(c.req.param('id'))) }))
  .post('/sessions/:id/answers', async (c) => {
    const id = idOf(c.req.param('id'));
    const body = await readJson(c, submitAnswerSchema);
    return c.json(await submitAnswer(c.get('deps'), c.get('user').id, id, body));
  })
  .post('/sessions/:id/complete', async (c) =>
    c.json({ results: await completeSession(c.get('deps'), c.get('user').id, idOf(c.req.param('id'))) }),
  )
  .put('/flags/:itemKey', async (c) => {
    const key = itemKey.safeParse(c.req.param('itemKey'));
    if (!key.success) throw notFound('This question does not exist.');
    const { flagged } = await readJson(c, flagSchema);
    const user = c.get('user');
    return c.json(await setFlag(c.get('deps'), user.id, levelsOf(user.courseLevel), key.data, flagged));
  })
  .get('/reports/:itemKey', async (c) => {
    const key = itemKey.safeParse(c.req.param('itemKey'));
    if (!key.success) throw notFound('This question does not exist.');
    const user = c.get('user');
    return c.json(await myItemReports(c.get('deps'), user.id, levelsOf(user.courseLevel), key.data));
  })
  .post('/reports', async (c) => {
    const body = await readJson(c, reportSchema);
    const user = c.get('user');
    const { config, database } = c.get('deps');
    if (config.rateLimit) {
      const limit = await consumeRateLimit(database.db, `question-reports:${user.id}`, REPORT_LIMIT);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfter ?? 60));
        throw new HttpError(429, ERROR_CODES.rateLimited, 'You have sent many reports in a short time. Please try again later.');
      }
      await requireWithinQuota(
        database.db,
        `question-reports:day:${user.id}`,
        REPORT_DAILY_LIMIT,
        `At most ${REPORT_DAILY_LIMIT.max} problem reports can be sent in a day. Try again tomorrow.`,
      );
    }
    return c.json(await fileReport(c.get('deps'), user.id, levelsOf(user.courseLevel), body), 201);
  });

export type QuestionRoutes = typeof questionRoutes;
