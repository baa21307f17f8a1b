import { Hono } from 'hono';
import {
  reviewAnswerBody,
  reviewSettingsBody,
  type ReviewAnswerResponse,
  type ReviewQueueResponse,
  type ReviewSettingsResponse,
  type ReviewStatsResponse,
} from '../../../shared/contracts/review';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { readJson } from '../../lib/http';
import { requireWithinQuota } from '../../lib/quota';
import { recordReview, srsCardJson } from '../../lib/srs';
import { answerQuestion, flashcardForReview, orderFor, reviewQueue, reviewStats, saveSettings, settingsResponse } from './service';

/** Answers on /review a student may send in a day: a long day's queue is a few hundred (MAX_DUE_IN_QUEUE a read). */
export const REVIEW_DAILY_LIMIT = { window: 86_400, max: 3_000 };

/** /api/review (docs/product.md §10.5): the day's queue, answers, settings and figures; study routes, so subscribers only. */
export const reviewRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/queue', async (c) => {
    const user = c.get('user');
    const { database, config, now } = c.get('deps');
    return c.json(
      (await reviewQueue(
        database.db,
        user.id,
        user.courseLevel,
        orderFor(config.authSecret, user.id),
        now(),
      )) satisfies ReviewQueueResponse,
    );
  })
  .post('/answers', async (c) => {
    const body = await readJson(c, reviewAnswerBody);
    const { database, config, now } = c.get('deps');
    const db = database.db;
    const user = c.get('user');
    if (config.rateLimit)
      await requireWithinQuota(
        db,
        `review-answers:day:${user.id}`,
        REVIEW_DAILY_LIMIT,
        `At most ${REVIEW_DAILY_LIMIT.max} review answers are recorded in a day. Try again tomorrow.`,
      );
    if (body.kind === 'question')
      return c.json(
        (await answerQuestion(
          db,
          user.id,
          user.courseLevel,
          orderFor(config.authSecret, user.id),
          body,
          now(),
        )) satisfies ReviewAnswerResponse,
      );
    const card = await flashcardForReview(db, body.key, user.courseLevel);
    const result = await recordReview(db, {
      userId: user.id,
      kind: body.kind,
      key: body.key,
      grade: body.grade,
      clientId: body.clientId,
      source: 'review',
      ...(body.reviewedAt ? { reviewedAt: new Date(body.reviewedAt) } : {}),
      now: now(),
      flashcard: { id: card.id },
    });
    return c.json({
      kind: body.kind,
      key: body.key,
      card: srsCardJson(result.card),
      duplicate: result.duplicate,
    } satisfies ReviewAnswerResponse);
  })
  .get('/settings', async (c) => {
    const user = c.get('user');
    return c.json((await settingsResponse(c.get('deps').database.db, user.id, user.courseLevel)) satisfies ReviewSettingsResponse);
  })
  .put('/settings', async (c) => {
    const body = await readJson(c, reviewSettingsBody);
    const user = c.get('user');
    return c.json((await saveSettings(c.get('deps').database.db, user.id, user.courseLevel, body)) satisfies ReviewSettingsResponse);
  })
  .get('/stats', async (c) => {
    const user = c.get('user');
    const { database, now } = c.get('deps');
    return c.json((await reviewStats(database.db, user.id, user.courseLevel, now())) satisfies ReviewStatsResponse);
  });
