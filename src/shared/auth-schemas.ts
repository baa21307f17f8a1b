import { z } from 'zod';

export const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, 'Unknown time zone');

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
