import { Hono } from 'hono';
import { SCENARIO_GROUPS } from '../../../shared/constants';
import type { ScenarioAnswersResponse, ScenarioMenuResponse } from '../../../shared/contracts/scenarios';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { scenarioAnswers } from '../../content/load';
import { SCENARIO_NAMES } from '../../content/schemas';

/** GET /scenarioanswers.json — the scenario steps keyed by scenario name (docs/product.md §7), for subscribers. */
export function scenarioAnswersRoute(content: Content) {
  const answers: ScenarioAnswersResponse = scenarioAnswers(content);
  const body = JSON.stringify(answers);
  return new Hono<AppEnv>().get('/', requireUser, requireSubscription, (c) => {
    c.header('Cache-Control', 'private, max-age=300');
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}

/** GET /api/scenarios — the menu: scenarios grouped by area in the spec's order, with titles. */
export function scenarioRoutes(content: Content) {
  const groups = SCENARIO_GROUPS.map((group) => ({
    group,
    scenarios: content.scenarios
      .filter((s) => s.group === group)
      .sort((a, b) => SCENARIO_NAMES[group].indexOf(a.name) - SCENARIO_NAMES[group].indexOf(b.name))
      .map((s) => ({ key: s.key, name: s.name, title: s.title, steps: s.steps.length })),
  }));
  return new Hono<AppEnv>().get('/', requireUser, requireSubscription, (c) =>
    c.json({ groups, contentVersion: content.version } satisfies ScenarioMenuResponse),
  );
}
