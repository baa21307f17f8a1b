import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';

// The drag-and-drop API's contract (decision 035).

export const dragDropTherapy = z.strictObject({
  therapyKey: z.string(),
  therapyName: z.string(),
  indicated: z.boolean(),
  /** why the therapy is or is not indicated (decision 061): optional until every content file has one */
  rationale: z.string().nullable().optional(),
});
export type DragDropTherapy = z.infer<typeof dragDropTherapy>;

export const dragDropScenario = z.strictObject({
  scenarioId: z.number().int(),
  scenario: z.string(),
  courseLevel: z.enum(CONTENT_LEVELS),
  reference: z.string().nullable(),
  therapies: z.array(dragDropTherapy),
});
export type DragDropScenario = z.infer<typeof dragDropScenario>;

/** GET /api/drag-drop/scenarios: the caller's level's scenarios (Both sees both) and the content version the cache is keyed on. */
export const dragDropScenariosResponse = z.strictObject({
  scenarios: z.array(dragDropScenario),
  contentVersion: z.string().nullable(),
});
export type DragDropScenariosResponse = z.infer<typeof dragDropScenariosResponse>;
