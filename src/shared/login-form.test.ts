import { describe, expect, it } from 'vitest';
import { checkLoginForm } from './login-form';

describe('checkLoginForm', () => {
  it('asks for both fields with the spec’s messages', () => {
    expect(checkLoginForm({ email: '  ', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(checkLoginForm({ email: 'a@b.co', password: '' })).toEqual({ ok: false, errors: { password: 'Password is required' } });
  });
  it('trims the e-mail and keeps the password as typed', () => {
    expect(checkLoginForm({ email: ' a@b.co ', password: ' pw ' })).toEqual({ ok: true, email: 'a@b.co', password: ' pw ' });
  });
});
