import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('logs on %s', (kind) => {
  let s: TestServer;
  let output = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      output += chunk.toString();
      cb();
    },
  });

  beforeAll(async () => {
    s = await startTestServer(kind, {}, { log: createLogger('debug', stream) });
  });
  afterAll(async () => s?.close());

  it('hold no link, token, password or full e-mail address through sign-up, reset and a failing query', async () => {
    const email = 'pat.medic@example.com';
    const signUp = () =>
      s.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: {
          email,
          password: 'secret-pass-1',
          name: 'Pat Medic',
          firstName: 'Pat',
          lastName: 'Medic',
          callbackURL: '/login?verified=1',
        },
      });
    expect((await signUp()).status).toBe(200);
    expect((await signUp()).status).toBe(200);
    const verifyLink = (await s.outbox()).find((m) => m.to === email)!.links[0]!;
    const verify = new URL(verifyLink);
    await s.request(verify.pathname + verify.search, { redirect: 'manual' });
    await s.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/newpassword' } });
    await s.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'nobody@example.com', redirectTo: '/newpassword' },
    });
    const resetLink = (await s.outbox()).find((m) => m.subject === 'Reset your MedicPrep password')!.links[0]!;
    const resetToken = new URL(resetLink).searchParams.get('token_hash')!;
    await s.request(`/api/account/reset-token?token=${resetToken}`);
    await s.request('/api/auth/reset-password', { method: 'POST', json: { token: resetToken, newPassword: 'brand-new-pass' } });

    // A failing query (a duplicate address) logged as the app's error handler logs one.
    const row = { id: 'dup-1', name: 'Pat Medic', email, firstName: 'Pat', lastName: 'Medic' };
    const failure = await s.deps.database.db
      .insert(users)
      .values([row, { ...row, id: 'dup-2' }])
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(failure).toBeInstanceOf(Error);
    s.deps.log.error({ err: failure, path: `/api/account/reset-token?token=${resetToken}` }, 'unhandled error');
    s.deps.log.error(failure as Error);

    expect(output).toContain('p***@example.com');
    expect(output).toContain('unhandled error');
    for (const secret of [
      email,
      'nobody@example.com',
      resetToken,
      verify.searchParams.get('token')!,
      resetLink,
      verifyLink,
      'secret-pass-1',
      'brand-new-pass',
    ])
      expect(output, secret).not.toContain(secret);
    expect(output).not.toMatch(/[A-Za-z0-9._%+-]{2,}@example\.com/);
    expect(output).not.toMatch(/token(_hash)?=[A-Za-z0-9]/);
  });
});
