import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

const signIn = (s: TestServer, origin: string, email: string) =>
  s.request('/api/auth/sign-in/email', { method: 'POST', headers: { origin }, json: { email, password: 'secret-pass' } });

describe('origins on a developer machine with the default PUBLIC_URL', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { NODE_ENV: 'development' });
  });
  afterAll(async () => s?.close());

  it('signs in from every name of this machine at the port', async () => {
    const u = await signedInUser(s);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect((await signIn(s, origin, u.email)).status, origin).toBe(200);
    // our own routes accept them too (a form-encoded POST is what the CSRF check looks at)
    const own = await s.request('/api/events', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(own.status).toBe(401);
  });

  it('refuses another origin, or another port, with a message that says which address to open', async () => {
    const u = await signedInUser(s);
    for (const origin of ['https://evil.example', 'http://127.0.0.1:4000']) {
      const res = await signIn(s, origin, u.email);
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error.message).toBe('Open MedicPrep at http://localhost:3000 to sign in.');
    }
    const own = await s.request('/api/events', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(own.status).toBe(403);
    expect(await own.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Open MedicPrep at http://localhost:3000 to sign in.' } });
  });
});

describe('origins with PUBLIC_URL set by the operator', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { NODE_ENV: 'development', PUBLIC_URL: 'http://medicprep.lan:3000' });
  });
  afterAll(async () => s?.close());

  it('trusts only PUBLIC_URL and names it to a caller from elsewhere', async () => {
    const u = await signedInUser(s).catch(() => null);
    // signedInUser signs in from the default test origin (localhost), which this server does not trust
    expect(u).toBeNull();
    const { createVerifiedUser } = await import('../../src/server/auth/create-user');
    await createVerifiedUser(s.deps, { email: 'lan@example.com', password: 'secret-pass' });
    expect((await signIn(s, 'http://medicprep.lan:3000', 'lan@example.com')).status).toBe(200);
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000']) {
      const res = await signIn(s, origin, 'lan@example.com');
      expect(res.status, origin).toBe(403);
      expect((await res.json()).error).toEqual({
        code: 'INVALID_ORIGIN',
        message: 'Open MedicPrep at http://medicprep.lan:3000 to sign in.',
      });
    }
  });
});

describe('trusted origins', () => {
  it('add the loopback names only outside production and only for a loopback PUBLIC_URL', async () => {
    const { loadConfig } = await import('../../src/server/config');
    const { trustedOrigins } = await import('../../src/server/lib/origins');
    const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: '.tmp/test-data' };
    expect(trustedOrigins(loadConfig({ ...base, PORT: '3000' }))).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    // npm run dev: the API on 3001 behind Vite on 5173
    expect(trustedOrigins(loadConfig({ ...base, PORT: '3001', PUBLIC_URL: 'http://localhost:5173' }))).toEqual([
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
    expect(trustedOrigins(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS: 'sandbox', PORT: '3000' }))).toEqual([
      'http://localhost:3000',
    ]);
    expect(trustedOrigins(loadConfig({ ...base, PUBLIC_URL: 'https://medicprep.example' }))).toEqual(['https://medicprep.example']);
  });
});
