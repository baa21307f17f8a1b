import { describe, expect, it } from 'vitest';
import { maskEmail, redactText, redactValue } from './redact';

describe('log redaction', () => {
  it('masks e-mail addresses', () => {
    expect(maskEmail('riley.tester@example.com')).toBe('r***@example.com');
    expect(redactText('Sign-up attempt for existing email: Pat@School.edu')).toBe('Sign-up attempt for existing email: P***@School.edu');
  });

  it('removes query values, JWTs and tokens in paths, keeping the rest readable', () => {
    expect(redactText('http://localhost:3000/newpassword?token_hash=abc123&type=recovery')).toBe(
      'http://localhost:3000/newpassword?token_hash=[redacted]&type=[redacted]',
    );
    expect(redactText('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6InAifQ.c2lnbmF0dXJl&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]',
    );
    expect(redactText('GET /api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=x')).toBe(
      'GET /api/auth/reset-password/[token]?callbackURL=[redacted]',
    );
    expect(redactText('Failed query: select 1 where email = $1\nparams: pat@example.com')).toBe(
      'Failed query: select 1 where email = $1\nparams: [redacted]',
    );
  });

  it('drops secret keys and reduces errors to what an operator needs', () => {
    const err = Object.assign(new Error('duplicate key for a@b.co'), { code: '23505', params: ['a@b.co'], query: 'insert …' });
    const out = redactValue({ password: 'x', nested: { token: 't', to: 'someone@example.com' }, err }) as Record<string, any>;
    expect(out.password).toBe('[redacted]');
    expect(out.nested).toEqual({ token: '[redacted]', to: 's***@example.com' });
    expect(out.err).toMatchObject({ type: 'Error', code: '23505', message: 'duplicate key for a***@b.co' });
    expect(out.err).not.toHaveProperty('params');
    expect(out.err).not.toHaveProperty('query');
  });
});
