import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
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
    expect(api.emails[0]).toMatchObject({
      to: 'pat@example.com',
      subject: 'Verify <b>now</b>',
      links: ['http://localhost:3000/verify?a=1&b=2'],
    });
  });
});

describe.each([
  ['in production', { NODE_ENV: 'production', PAYMENTS: 'sandbox' }],
  ['under NODE_ENV=test without DEV_OUTBOX', { DEV_OUTBOX: '' }],
  ['in development with DEV_OUTBOX=off', { NODE_ENV: 'development', DEV_OUTBOX: 'off' }],
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

// A reverse proxy on this host connects from loopback: the socket alone must not make a request local.
describe('dev outbox over a real socket', () => {
  let s: TestServer;
  const servers: ServerType[] = [];
  let direct: string;
  let trusting: string;

  const listen = (app: ReturnType<typeof createApp>) =>
    new Promise<string>((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      servers.push(server);
    });

  beforeAll(async () => {
    s = await startTestServer('pglite');
    direct = await listen(createApp(s.deps, s.content));
    trusting = await listen(createApp({ ...s.deps, config: { ...s.config, trustProxy: true } }, s.content));
  });
  afterAll(async () => {
    await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
    await s?.close();
  });

  const status = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status === 403) expect((await res.json()).error.message).toBe('The dev outbox is only available on this machine.');
    else await res.arrayBuffer();
    return res.status;
  };

  it('answers a browser on this machine', async () => {
    for (const path of ['/api/dev/outbox', '/dev/outbox']) expect(await status(direct, path)).toBe(200);
  });

  it('refuses anything that came through a proxy when TRUST_PROXY is off, whatever address it claims', async () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
    ];
    for (const headers of proxied) {
      for (const path of ['/api/dev/outbox', '/dev/outbox']) expect(await status(direct, path, headers), JSON.stringify(headers)).toBe(403);
    }
  });

  it('with TRUST_PROXY takes the client address the rate limits use: the last X-Forwarded-For entry', async () => {
    expect(await status(trusting, '/api/dev/outbox', { 'x-forwarded-for': '203.0.113.9' })).toBe(403);
    expect(await status(trusting, '/api/dev/outbox', { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).toBe(403);
    expect(await status(trusting, '/api/dev/outbox', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' })).toBe(200);
    // a proxy that names the client some other way cannot be checked: not local
    expect(await status(trusting, '/api/dev/outbox', { 'x-real-ip': '127.0.0.1' })).toBe(403);
    expect(await status(trusting, '/api/dev/outbox')).toBe(200);
  });

  it('refuses a socket from another machine (Hono connection info as @hono/node-server passes it)', async () => {
    const app = createApp(s.deps, s.content);
    const env = { incoming: { socket: { remoteAddress: '198.51.100.7', remotePort: 50000, remoteFamily: 'IPv4' } } };
    const res = await app.request('/api/dev/outbox', {}, env);
    expect(res.status).toBe(403);
    expect((await app.request('/api/dev/outbox', {}, { incoming: { socket: { remoteAddress: '::1' } } })).status).toBe(200);
  });
});
