import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';

// The clinical scenarios API's contract (decision 035).

/** GET /api/scenarios: the menu of the student's levels (decision 107), grouped by area in the specification's order. */
export const scenarioMenuResponse = z.strictObject({
  groups: z.array(
    z.strictObject({
      group: z.string(),
      scenarios: z.array(
        z.strictObject({ key: z.string(), name: z.string(), title: z.string(), level: z.enum(CONTENT_LEVELS), steps: z.number().int() }),
      ),
    }),
  ),
  contentVersion: z.string(),
});
export type ScenarioMenuResponse = z.infer<typeof scenarioMenuResponse>;

/** One step of a scenario, with the column names of the specification's scenarioanswers.json (docs/product.md §7). */
export const scenarioStep = z.strictObject({
  Scenario: z.string(),
  'Scenario Step': z.string(),
  Prompt: z.string(),
  Choices: z.string(),
  'Correct Choice': z.string(),
  'Feedback Correct': z.string(),
  'Feedback Incorrect': z.string(),
});
export type ScenarioStep = z.infer<typeof scenarioStep>;

/** GET /scenarioanswers.json: every scenario's steps keyed by scenario name. */
export const scenarioAnswersResponse = z.record(z.string(), z.array(scenarioStep));
export type ScenarioAnswersResponse = z.infer<typeof scenarioAnswersResponse>;

/** GET /api/scenarios/:key: one scenario of the student's levels with its steps (403 LEVEL_NOT_AVAILABLE for another level's). */
export const scenarioResponse = z.strictObject({
  key: z.string(),
  name: z.string(),
  title: z.string(),
  group: z.string(),
  level: z.enum(CONTENT_LEVELS),
  reference: z.string(),
  steps: z.array(scenarioStep),
});
export type ScenarioResponse = z.infer<typeof scenarioResponse>;
