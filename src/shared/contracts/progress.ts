import { z } from 'zod';
import { CONTENT_LEVELS } from '../constants';
import { DOMAIN_STANDINGS } from '../exam';
import { VERDICTS } from '../readiness';
import { readinessBandSchema, standardInfo } from './exam';

// The progress screen's contract (docs/product.md §10.7): GET /api/progress. Dates travel as ISO strings.

export const progressQuery = z.object({ level: z.enum(CONTENT_LEVELS, { error: () => 'level must be EMT or Paramedic' }).optional() });

export const progressResponse = z.strictObject({
  level: z.enum(CONTENT_LEVELS),
  /** the levels the student's course covers */
  levels: z.array(z.enum(CONTENT_LEVELS)),
  /** ended practice exams of this level, oldest first: the verdict and the readiness score with its band (shared/readiness.ts) */
  exams: z.array(z.strictObject({ id: z.uuid(), endedAt: z.string(), verdict: z.enum(VERDICTS), readiness: readinessBandSchema })),
  /** the standard the latest exam was scored against (else the level's current one) and the reported results behind it */
  standard: standardInfo,
  /**
   * each domain's standing from all scored answers (practice and exams; the latest answer per question); null until the domain
   * has DOMAIN_STANDING_MIN_ANSWERS of them
   */
  domains: z.array(z.strictObject({ domain: z.string(), answered: z.number().int(), standing: z.enum(DOMAIN_STANDINGS).nullable() })),
  /** the last 8 weeks (Monday, UTC), oldest first: questions answered and minutes spent on them */
  weeks: z.array(z.strictObject({ weekStart: z.string(), questions: z.number().int(), minutes: z.number().int() })),
});
export type ProgressResponse = z.infer<typeof progressResponse>;
