import { Hono } from 'hono';
import type { SortingQuestionsResponse } from '../../../shared/contracts/sorting';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { listQuestions } from './service';

/** GET /api/sorting/questions — the sorting questions for the caller's course level (subscribers only). */
export const sortingRoutes = new Hono<AppEnv>().use('*', requireUser, requireSubscription).get('/questions', async (c) => {
  const { courseLevel, databaseEmpty, questions } = await listQuestions(c.get('deps').database.db, c.get('user').courseLevel);
  return c.json({ courseLevel, databaseEmpty, questions } satisfies SortingQuestionsResponse);
});
