import { describe, expect, it } from 'vitest';
import { tokenPerm } from './views';
import { derivedClientId } from '../../lib/srs';

// Decision 079: a question's option order on /review comes from a token under the server's secret; decision 078: the client id
// of a review written for a practice answer or an exam's missed item is derived from what identifies it.
describe('the option order of a question on /review', () => {
  const secret = 'test-secret-test-secret-test-secret-0123456789';
  it('is a permutation, the same for the same student, item and token, and another for another token or student', () => {
    for (let n = 2; n <= 8; n++) {
      const p = tokenPerm(n, secret, 'u1', 'emt-pa-0001', 'token-a');
      expect([...p].sort()).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(tokenPerm(n, secret, 'u1', 'emt-pa-0001', 'token-a')).toEqual(p);
    }
    const orders = (f: (i: number) => number[]) => new Set(Array.from({ length: 40 }, (_, i) => f(i).join(''))).size;
    // 40 tokens (or students, or secrets) give many of the 24 orders of four options, never just one
    expect(orders((i) => tokenPerm(4, secret, 'u1', 'k', `t${i}`))).toBeGreaterThan(10);
    expect(orders((i) => tokenPerm(4, secret, `u${i}`, 'k', 't'))).toBeGreaterThan(10);
    expect(orders((i) => tokenPerm(4, `${secret}${i}`, 'u1', 'k', 't'))).toBeGreaterThan(10);
  });
});

describe('derived review client ids', () => {
  it('are UUIDs, stable for the same parts and distinct for others', () => {
    const id = derivedClientId('practice', 'u1', 'c1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedClientId('practice', 'u1', 'c1')).toBe(id);
    expect(derivedClientId('practice', 'u1', 'c2')).not.toBe(id);
    expect(derivedClientId('exam', 'u1', 'c1')).not.toBe(id);
    // the parts are kept apart: ('a', 'bc') is not ('ab', 'c')
    expect(derivedClientId('a', 'bc')).not.toBe(derivedClientId('ab', 'c'));
  });
});
