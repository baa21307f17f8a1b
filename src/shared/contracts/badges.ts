import { z } from 'zod';

// The badges API's contract (decision 035).

export const badge = z.strictObject({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  requirementText: z.string(),
  streakDays: z.number().int(),
  /** when the caller earned it; null while not earned */
  earnedAt: z.string().nullable(),
});
export type Badge = z.infer<typeof badge>;

/** GET /api/badges: every badge in display order, with the caller's count. */
export const badgesResponse = z.strictObject({ badges: z.array(badge), earned: z.number().int(), total: z.number().int() });
export type BadgesResponse = z.infer<typeof badgesResponse>;
