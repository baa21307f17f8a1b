import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';

// The readiness validation's admin API (decision 035; the method: docs/decisions/099-readiness-validated-on-reported-results.md).

export const reliabilityBin = z.strictObject({
  bin: z.number().int(),
  n: z.number().int(),
  from: z.number(),
  to: z.number(),
  meanPredicted: z.number(),
  observed: z.number(),
  observedLow: z.number(),
  observedHigh: z.number(),
});
export type ReliabilityBinView = z.infer<typeof reliabilityBin>;

/** Held-out figures of one model: Brier score, expected calibration error, AUC (null without both outcomes), the bins. */
export const validationFigures = z.strictObject({
  brier: z.number(),
  ece: z.number(),
  auc: z.number().nullable(),
  bins: z.array(reliabilityBin),
});
export type ValidationFigures = z.infer<typeof validationFigures>;

export const validationRun = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  /** reported results with a practice exam before the sitting */
  n: z.number().int(),
  nTrain: z.number().int(),
  nTest: z.number().int(),
  /** the model fitted on the older 70 %, scored on the newer 30 %; null when the sample is too small to fit */
  fitted: validationFigures.nullable(),
  /** the engine's own chance of passing, scored on the same held-out part */
  naive: validationFigures.nullable(),
  /** whether student screens may show the fitted probability (N and held-out ECE within the gate) */
  usable: z.boolean(),
});
export type ValidationRun = z.infer<typeof validationRun>;

/** GET /api/admin/readiness and POST /api/admin/readiness/validate: per level, the reported results and the latest run. */
export const readinessValidationResponse = z.strictObject({
  gate: z.strictObject({ minN: z.number().int(), maxEce: z.number() }),
  levels: z.array(z.strictObject({ level: z.enum(CONTENT_LEVELS), reported: z.number().int(), run: validationRun.nullable() })),
});
export type ReadinessValidationResponse = z.infer<typeof readinessValidationResponse>;
