import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth-context';

function Probe() {
  useAuth();
  return null;
}

describe('useAuth', () => {
  it('throws outside its provider (spec section 8)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
