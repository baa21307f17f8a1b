import { describe, expect, it } from 'vitest';
import { addDuration, capDuration, couponInputSchema, extendedExpiration, normaliseCode } from './coupons';

const d = (iso: string) => new Date(iso);

describe('addDuration', () => {
  it('adds days across month and year ends', () => {
    expect(addDuration(d('2026-12-25T10:00:00Z'), 14, 'days')).toEqual(d('2027-01-08T10:00:00Z'));
    expect(addDuration(d('2028-02-28T00:00:00Z'), 1, 'days')).toEqual(d('2028-02-29T00:00:00Z'));
  });
  it('adds months keeping the day and the time', () => {
    expect(addDuration(d('2026-03-15T08:30:00Z'), 1, 'months')).toEqual(d('2026-04-15T08:30:00Z'));
    expect(addDuration(d('2026-11-15T08:30:00Z'), 3, 'months')).toEqual(d('2027-02-15T08:30:00Z'));
    expect(addDuration(d('2026-01-10T00:00:00Z'), 12, 'months')).toEqual(d('2027-01-10T00:00:00Z'));
  });
  it('clamps to the last day of a shorter month', () => {
    expect(addDuration(d('2026-01-31T12:00:00Z'), 1, 'months')).toEqual(d('2026-02-28T12:00:00Z'));
    expect(addDuration(d('2028-01-31T12:00:00Z'), 1, 'months')).toEqual(d('2028-02-29T12:00:00Z'));
    expect(addDuration(d('2026-03-31T12:00:00Z'), 1, 'months')).toEqual(d('2026-04-30T12:00:00Z'));
    expect(addDuration(d('2028-02-29T12:00:00Z'), 12, 'months')).toEqual(d('2029-02-28T12:00:00Z'));
  });
});

describe('extendedExpiration', () => {
  const now = d('2026-06-01T00:00:00Z');
  it('extends from now when access has lapsed or never existed', () => {
    expect(extendedExpiration(null, now, 7, 'days')).toEqual(d('2026-06-08T00:00:00Z'));
    expect(extendedExpiration(d('2026-05-01T00:00:00Z'), now, 7, 'days')).toEqual(d('2026-06-08T00:00:00Z'));
  });
  it('extends from the current expiration when it is still ahead', () => {
    expect(extendedExpiration(d('2026-06-20T00:00:00Z'), now, 1, 'months')).toEqual(d('2026-07-20T00:00:00Z'));
  });
});

describe('coupon rules', () => {
  const base = { name: 'Spring', code: 'spring-26', duration: 7, durationType: 'days' as const };
  it('forces the code to upper case', () => {
    expect(normaliseCode('  spring26 ')).toBe('SPRING26');
    expect(couponInputSchema.parse(base).code).toBe('SPRING-26');
  });
  it('caps days at 14 when switching to days', () => {
    expect(capDuration(12, 'days')).toBe(12);
    expect(capDuration(30, 'days')).toBe(14);
    expect(capDuration(12, 'months')).toBe(12);
  });
  it.each([
    [0, 'days', false],
    [1, 'days', true],
    [14, 'days', true],
    [15, 'days', false],
    [12, 'months', true],
    [13, 'months', false],
    [1.5, 'days', false],
  ] as const)('duration %s %s valid: %s', (duration, type, ok) => {
    expect(couponInputSchema.safeParse({ ...base, duration, durationType: type }).success).toBe(ok);
  });
  it('takes an empty usage limit as unlimited and refuses 0', () => {
    expect(couponInputSchema.parse({ ...base, usageLimit: null }).usageLimit).toBeNull();
    expect(couponInputSchema.parse(base).usageLimit).toBeNull();
    expect(couponInputSchema.safeParse({ ...base, usageLimit: 0 }).success).toBe(false);
    expect(couponInputSchema.parse({ ...base, usageLimit: 1 }).usageLimit).toBe(1);
  });
  it('requires a name and a code with the spec message', () => {
    const r = couponInputSchema.safeParse({ ...base, name: ' ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Name and code are required');
  });
});
