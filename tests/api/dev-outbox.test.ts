import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

describe('dev outbox', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('lists the sent e-mails on a server-rendered page, every value escaped, with no script', async () => {
    let res = await s.request('/dev/outbox');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('No e-mails yet.');
    await s.deps.mailer.send({
      to: 'pat@example.com',
      subject: 'Verify <b>now</b>',
      text: 'Open http://localhost:3000/verify?a=1&b=2 to confirm "now".',
      html: '',
    });
    res = await s.request('/dev/outbox');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await res.text();
    expect(page).toContain('<h1>Sent e-mails</h1>');
    expect(page).toContain('To: pat@example.com');
    expect(page).toContain('Verify &lt;b&gt;now&lt;/b&gt;');
    expect(page).toContain('href="http://localhost:3000/verify?a=1&amp;b=2"');
    expect(page).toContain('to confirm &quot;now&quot;.');
    expect(page).not.toContain('<script');
    const api = await (await s.request('/api/dev/outbox')).json();
    expect(api.emails[0]).toMatchObject({ to: 'pat@example.com', subject: 'Verify <b>now</b>', links: ['http://localhost:3000/verify?a=1&b=2'] });
  });
});

describe.each([
  ['in production', { NODE_ENV: 'production' }],
  ['with SMTP', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
])('dev outbox %s', (_label, env) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', env);
  });
  afterAll(async () => s?.close());

  it('does not exist: neither the endpoint nor the page', async () => {
    for (const path of ['/api/dev/outbox', '/dev/outbox']) {
      const res = await s.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Sent e-mails');
    }
  });
});
