import { z } from 'zod';
import { DURATION_TYPES, PG_INT_MAX, type DurationType } from './constants';

/** Coupon duration caps (docs/product.md §5 and §9): 1–14 days or 1–12 months. */
export const DURATION_CAPS: Record<DurationType, number> = { days: 14, months: 12 };

export const COUPON_MESSAGES = {
  nameAndCodeRequired: 'Name and code are required',
  enterCode: 'Please enter a validation code',
  mustBeLoggedIn: 'You must be logged in to apply a code',
  invalid: 'Invalid validation code',
  inactive: 'This code is no longer active',
  limitReached: 'This code has reached its usage limit',
  alreadyUsed: 'You have already used this code',
  failedUserData: 'Failed to retrieve user data',
  failedApply: 'Failed to apply validation code',
  generic: 'Something went wrong. Please try again.',
} as const;

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Switching the unit to days caps the value at 14 (docs/product.md §5). */
export function capDuration(duration: number, type: DurationType): number {
  return Math.min(duration, DURATION_CAPS[type]);
}

export function durationLabel(duration: number, type: DurationType): string {
  const unit = type === 'days' ? 'day' : 'month';
  return `${duration} ${unit}${duration === 1 ? '' : 's'}`;
}

/** The coupon form and the admin API share these rules. */
export const couponInputSchema = z
  .object({
    name: z.string().trim().max(100, 'Name is too long'),
    code: z
      .string()
      .trim()
      .max(40, 'Code is too long')
      .transform(normaliseCode)
      .refine((c) => c === '' || /^[A-Z0-9_-]+$/.test(c), 'Codes use letters, digits, - and _ only')
      // the shape of a class's code (src/shared/programs.ts): the code box sends those to the class's join
      .refine((c) => !/^CLASS-[A-Z0-9]{6}$/.test(c), 'Codes shaped CLASS-XXXXXX are class codes: choose another'),
    duration: z
      .number({ error: 'Duration must be a whole number' })
      .int('Duration must be a whole number')
      .min(1, 'Duration must be at least 1'),
    durationType: z.enum(DURATION_TYPES),
    isActive: z.boolean().default(true),
    usageLimit: z
      .number({ error: 'Usage limit must be a whole number' })
      .int('Usage limit must be a whole number')
      .min(1, 'Usage limit must be at least 1')
      .max(PG_INT_MAX, `Usage limit can be at most ${PG_INT_MAX}`)
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (!v.name || !v.code)
      ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.nameAndCodeRequired, path: [v.name ? 'code' : 'name'] });
    if (v.duration > DURATION_CAPS[v.durationType])
      ctx.addIssue({
        code: 'custom',
        message: `Duration can be at most ${DURATION_CAPS[v.durationType]} ${v.durationType}`,
        path: ['duration'],
      });
  });
export type CouponInput = z.input<typeof couponInputSchema>;

/**
 * Adds a code's duration to a date. Months keep the day of the month, clamped to the last day of a
 * shorter month (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year); the time of day is kept.
 */
export function addDuration(from: Date, duration: number, type: DurationType): Date {
  if (type === 'days') return new Date(from.getTime() + duration * 86_400_000);
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + duration;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(targetYear, targetMonth, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
}

/** Access is extended from the later of now and the current expiration date (docs/architecture.md §7). */
export function extendedExpiration(current: Date | null, now: Date, duration: number, type: DurationType): Date {
  const start = current && current.getTime() > now.getTime() ? current : now;
  return addDuration(start, duration, type);
}
