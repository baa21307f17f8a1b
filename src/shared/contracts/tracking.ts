import { z } from 'zod';
import { ACTION_TYPES, FEATURE_TYPES } from '../constants';
import { eventBatchSchema } from '../event-schema';

// The usage events API's contract (decision 035). The event rules live with the tracker's other rules in ../event-schema.ts.

/** POST /api/events: a batch of usage events. */
export const eventBatchBody = eventBatchSchema;
export type EventBatchBody = z.infer<typeof eventBatchBody>;

/** POST /api/events: how many arrived and how many were new (a retried batch stores each event once). */
export const eventBatchResponse = z.strictObject({ received: z.number().int(), stored: z.number().int() });
export type EventBatchResponse = z.infer<typeof eventBatchResponse>;

/** GET /api/events?featureType=&actionType= */
export const eventsQuery = z.object({ featureType: z.enum(FEATURE_TYPES), actionType: z.enum(ACTION_TYPES) });
export type EventsQuery = z.infer<typeof eventsQuery>;

/** GET /api/events: the caller's own events of one kind, newest first (progress, docs/product.md §7). */
export const eventsResponse = z.strictObject({
  events: z.array(
    z.strictObject({
      featureId: z.string().nullable(),
      completionPercentage: z.number().int().nullable(),
      score: z.number().int().nullable(),
      totalItems: z.number().int().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type EventsResponse = z.infer<typeof eventsResponse>;
