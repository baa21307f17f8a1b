import { describe, expect, it } from 'vitest';
import { hasActiveAccess, subscriptionDisplay } from './subscription';

const now = new Date('2026-06-15T12:00:00Z');
const future = '2026-07-15T12:00:00Z';
const past = '2026-06-14T12:00:00Z';

describe('hasActiveAccess', () => {
  it('needs status active and an expiration still ahead', () => {
    expect(hasActiveAccess({ subscriptionStatus: 'active', expirationDate: future }, now)).toBe(true);
    expect(hasActiveAccess({ subscriptionStatus: 'active', expirationDate: past }, now)).toBe(false);
    expect(hasActiveAccess({ subscriptionStatus: 'active', expirationDate: now }, now)).toBe(false);
    expect(hasActiveAccess({ subscriptionStatus: 'active', expirationDate: null }, now)).toBe(false);
    expect(hasActiveAccess({ subscriptionStatus: 'inactive', expirationDate: future }, now)).toBe(false);
    expect(hasActiveAccess({ subscriptionStatus: 'active', expirationDate: 'not a date' }, now)).toBe(false);
  });
});

describe('subscriptionDisplay (billing)', () => {
  it('is Active, Expired or Inactive as docs/product.md §4 says', () => {
    expect(subscriptionDisplay({ subscriptionStatus: 'active', expirationDate: future }, now)).toBe('Active');
    expect(subscriptionDisplay({ subscriptionStatus: 'active', expirationDate: null }, now)).toBe('Active');
    expect(subscriptionDisplay({ subscriptionStatus: 'active', expirationDate: past }, now)).toBe('Expired');
    expect(subscriptionDisplay({ subscriptionStatus: 'inactive', expirationDate: past }, now)).toBe('Expired');
    expect(subscriptionDisplay({ subscriptionStatus: 'inactive', expirationDate: null }, now)).toBe('Inactive');
    expect(subscriptionDisplay({ subscriptionStatus: 'canceled', expirationDate: future }, now)).toBe('Inactive');
  });
});
