import { describe, expect, it } from 'vitest';
import { readResetParams } from './reset-params';

describe('readResetParams', () => {
  it('reads token_hash and type from the query', () => {
    expect(readResetParams({ search: '?token_hash=abc&type=recovery', hash: '' })).toEqual({ token: 'abc', type: 'recovery' });
  });
  it('reads them from the hash when the query has none', () => {
    expect(readResetParams({ search: '?utm=x', hash: '#token_hash=def&type=recovery' })).toEqual({ token: 'def', type: 'recovery' });
  });
  it('is empty without either', () => {
    expect(readResetParams({ search: '', hash: '' })).toEqual({ token: null, type: null });
  });
});
