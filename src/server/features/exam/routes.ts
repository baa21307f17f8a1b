import { Hono } from 'hono';
import { z } from 'zod';
import {
  examAnswerBody,
  examAvailabilityQuery,
  startExamBody,
  type CurrentExamResponse,
  type ExamAvailabilityResponse,
  type ExamHistoryResponse,
  type ExamReviewResponse,
  type ExamView,
} from '../../../shared/contracts/exam';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import { notFound, readJson, readQuery } from '../../lib/http';
import {
  answerExam,
  currentExam,
  examAvailability,
  examHistory,
  examReview,
  getExam,
  levelFor,
  startAssignedExam,
  startExam,
} from './service';

const examId = z.uuid();
function idOf(raw: string): string {
  const parsed = examId.safeParse(raw);
  if (!parsed.success) throw notFound('This practice exam does not exist.');
  return parsed.data;
}

/** /api/exam (docs/product.md §10.6): the adaptive practice exam, run on the server; study routes, so subscribers only. */
export const examRoutes = new Hono<AppEnv>()
  .use('*', requireUser, requireSubscription)
  .get('/current', async (c) => {
    return c.json({ exam: await currentExam(c.get('deps'), c.get('user').id) } satisfies CurrentExamResponse);
  })
  .get('/availability', async (c) => {
    const user = c.get('user');
    const level = levelFor(user.courseLevel, readQuery(c, examAvailabilityQuery).level);
    return c.json((await examAvailability(c.get('deps'), user.id, level)) satisfies ExamAvailabilityResponse);
  })
  .get('/history', async (c) => {
    return c.json((await examHistory(c.get('deps'), c.get('user').id)) satisfies ExamHistoryResponse);
  })
  .post('/', async (c) => {
    const body = await readJson(c, startExamBody);
    const user = c.get('user');
    if (body.assignmentId !== undefined)
      return c.json((await startAssignedExam(c.get('deps'), user, body.assignmentId)) satisfies ExamView);
    const level = levelFor(user.courseLevel, body.level);
    return c.json((await startExam(c.get('deps'), user.id, level, body.timed ?? true)) satisfies ExamView);
  })
  .get('/:id', async (c) => {
    return c.json((await getExam(c.get('deps'), c.get('user').id, idOf(c.req.param('id')))) satisfies ExamView);
  })
  .post('/:id/answers', async (c) => {
    const body = await readJson(c, examAnswerBody);
    return c.json((await answerExam(c.get('deps'), c.get('user').id, idOf(c.req.param('id')), body)) satisfies ExamView);
  })
  .get('/:id/review', async (c) => {
    return c.json((await examReview(c.get('deps'), c.get('user').id, idOf(c.req.param('id')))) satisfies ExamReviewResponse);
  });
