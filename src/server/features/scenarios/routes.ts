import { Hono } from 'hono';
import { CONTENT_LEVELS, SCENARIO_GROUPS, type CourseLevel } from '../../../shared/constants';
import type { ScenarioAnswersResponse, ScenarioMenuResponse, ScenarioResponse } from '../../../shared/contracts/scenarios';
import type { AppEnv } from '../../deps';
import { requireSubscription, requireUser } from '../../auth/middleware';
import type { Content } from '../../content/load';
import { scenarioAnswers } from '../../content/load';
import { SCENARIO_NAMES_BY_LEVEL } from '../../content/schemas';
import { requireScenario, scenariosOf } from '../../domain/items';

/** Computed once per course level: the content does not change while the server runs. */
function perCourseLevel<T>(make: (courseLevel: CourseLevel) => T): (courseLevel: CourseLevel) => T {
  const made = new Map<CourseLevel, T>();
  return (courseLevel) => {
    if (!made.has(courseLevel)) made.set(courseLevel, make(courseLevel));
    return made.get(courseLevel)!;
  };
}

/**
 * GET /scenarioanswers.json — the scenario steps keyed by scenario name (docs/product.md §7), for subscribers: only the
 * scenarios of the student's course level (decision 107).
 */
export function scenarioAnswersRoute(content: Content) {
  const bodyFor = perCourseLevel((courseLevel) => {
    const answers: ScenarioAnswersResponse = scenarioAnswers({ ...content, scenarios: scenariosOf(courseLevel, content.scenarios) });
    return JSON.stringify(answers);
  });
  return new Hono<AppEnv>().get('/', requireUser, requireSubscription, (c) => {
    // the body follows the student's course level, which they may change at any moment: the browser asks each time
    c.header('Cache-Control', 'private, no-cache');
    return c.body(bodyFor(c.get('user').courseLevel), 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}

/** A scenario's place in its group's menu: the level's own order, the student's own level first (Both: Paramedic, then EMT). */
const menuOrder = (s: Content['scenarios'][number]) =>
  CONTENT_LEVELS.indexOf(s.course_level) * 100 + SCENARIO_NAMES_BY_LEVEL[s.course_level][s.group].indexOf(s.name);

/**
 * GET /api/scenarios — the menu: the student's levels' scenarios grouped by area in the spec's order, with titles.
 * GET /api/scenarios/:key — one scenario with its steps; another level's is refused with the one level code.
 */
export function scenarioRoutes(content: Content) {
  const menuFor = perCourseLevel((courseLevel) =>
    SCENARIO_GROUPS.map((group) => ({
      group,
      scenarios: scenariosOf(courseLevel, content.scenarios)
        .filter((s) => s.group === group)
        .sort((a, b) => menuOrder(a) - menuOrder(b))
        .map((s) => ({ key: s.key, name: s.name, title: s.title, level: s.course_level, steps: s.steps.length })),
    })).filter((g) => g.scenarios.length > 0),
  );
  return new Hono<AppEnv>()
    .get('/', requireUser, requireSubscription, (c) =>
      c.json({ groups: menuFor(c.get('user').courseLevel), contentVersion: content.version } satisfies ScenarioMenuResponse),
    )
    .get('/:key', requireUser, requireSubscription, (c) => {
      const s = requireScenario(c.get('user').courseLevel, content.scenarios, c.req.param('key'));
      return c.json({
        key: s.key,
        name: s.name,
        title: s.title,
        group: s.group,
        level: s.course_level,
        reference: s.reference,
        steps: s.steps,
      } satisfies ScenarioResponse);
    });
}
