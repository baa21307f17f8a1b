// Zod-free: the client's tracker, in the first download, needs these; the schemas are in event-schema.ts.
export type { UsageEvent } from './event-schema';

export const MAX_EVENTS_PER_BATCH = 100;

/** Rounded percent or null when absent (spec section 3). */
export function roundedPercent(value: number | null | undefined): number | null {
  return value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value);
}
