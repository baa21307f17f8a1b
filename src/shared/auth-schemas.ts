import { z } from 'zod';

export const UNKNOWN_TIME_ZONE = 'Unknown time zone';
export const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, UNKNOWN_TIME_ZONE);

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
