import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

describe('security baseline', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { PUBLIC_URL: 'https://medicprep.example' });
  });
  afterAll(async () => s?.close());

  it('sends the security headers on every answer', async () => {
    for (const path of ['/api/health', '/api/nowhere']) {
      const res = await s.request(path, { headers: { origin: 'https://medicprep.example' } });
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=/);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('sets httpOnly, SameSite=Lax, Secure session cookies over https', async () => {
    const res = await s.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://medicprep.example' },
      json: { email: 'nobody@example.com', password: 'whatever1' },
    });
    expect(res.status).toBe(401);
    const { createVerifiedUser } = await import('../../src/server/auth/create-user');
    await createVerifiedUser(s.deps, { email: 'secure@example.com', password: 'secret-pass' });
    const ok = await s.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://medicprep.example' },
      json: { email: 'secure@example.com', password: 'secret-pass' },
    });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
  });

  it('never answers a stack trace, and hides the dev outbox behind this machine', async () => {
    const res = await s.request('/api/events', {
      method: 'POST',
      headers: { origin: 'https://medicprep.example', 'content-type': 'application/json' },
      body: '{"events": [',
    });
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('NUL characters', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('are refused with a clear 400 instead of failing in the database (found by the hostile-input test)', async () => {
    const u = await signedInUser(s, { activeDays: 1 });
    const profile = await s.request('/api/profile', {
      method: 'PATCH',
      cookie: u.cookie,
      json: { firstName: 'Ann\u0000', lastName: 'Lee' },
    });
    expect(profile.status).toBe(400);
    expect((await profile.json()).error.message).toBe('Text must not contain NUL characters.');
    const signUp = await s.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'n@example.com', password: 'secret1', name: 'A\u0000', firstName: 'A\u0000', lastName: 'B' },
    });
    expect(signUp.status).toBe(400);
    expect((await s.request('/api/account/reset-token?token=a%00b')).status).toBe(400);
  });
});

describe('scenarios API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('serves the menu in the spec order to subscribers only', async () => {
    expect((await s.request('/api/scenarios')).status).toBe(401);
    const lapsed = await signedInUser(s);
    expect((await s.request('/api/scenarios', { cookie: lapsed.cookie })).status).toBe(403);
    expect((await s.request('/scenarioanswers.json', { cookie: lapsed.cookie })).status).toBe(403);
    const u = await signedInUser(s, { activeDays: 30 });
    const menu = await (await s.request('/api/scenarios', { cookie: u.cookie })).json();
    expect(menu.groups.map((g: { group: string }) => g.group)).toEqual([
      'Airway/Respiratory',
      'Cardiology',
      'EMS Operations',
      'Trauma',
      'Medical',
    ]);
    expect(menu.groups[4].scenarios.map((x: { name: string }) => x.name)).toEqual([
      'Immuno',
      'Endocrine',
      'Endocrine 2',
      'Enviro',
      'GI',
      'Infectious',
      'Neuro',
      'OB 1',
      'OB 2',
      'Pediatric',
      'Psych',
      'Tox',
    ]);
    expect(menu.groups[3].scenarios.map((x: { name: string }) => x.name)).toEqual(['Blunt', 'Penetrate', 'Electrical']);
  });
});
