// Zod-free: the client's tracker, in the first download, needs these; the schemas are in event-schema.ts.
import { wallClock } from './clock';

export type { UsageEvent } from './event-schema';

export const MAX_EVENTS_PER_BATCH = 100;

/** Rounded percent or null when absent (docs/product.md §3). */
export function roundedPercent(value: number | null | undefined): number | null {
  return value === null || value === undefined || Number.isNaN(value) ? null : Math.round(value);
}

/**
 * How far from the server's clock an event's time may be. The client keeps unsent events in local
 * storage until they are delivered, so a device offline for weeks sends them late: older ones are
 * refused (the tracker drops them itself), times ahead of now by more than the skew are clamped.
 */
export const EVENT_MAX_AGE_DAYS = 30;
export const EVENT_MAX_SKEW_MS = 5 * 60_000;

/** Is this event time within the window the server accepts? */
export function eventTimeAcceptable(createdAt: string, now = wallClock().getTime()): boolean {
  const t = Date.parse(createdAt);
  return Number.isFinite(t) && t >= now - EVENT_MAX_AGE_DAYS * 86_400_000;
}
