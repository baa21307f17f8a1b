import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { scenarioAnswers } from '../../content/load';

/** GET /scenarioanswers.json — the scenario steps keyed by scenario name (spec section 7), for subscribers. */
export function scenarioAnswersRoute(content: Content) {
  const body = JSON.stringify(scenarioAnswers(content));
  return new Hono<AppEnv>().get('/', requireUser, requireSubscription, (c) => {
    c.header('Cache-Control', 'private, max-age=300');
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}
