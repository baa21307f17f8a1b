import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** A GET over a real socket to 127.0.0.1:`port` with exactly these headers (`host: null`: none at all). */
function get(port: number, path: string, headers: Record<string, string | null> = {}) {
  return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
    const { host = `127.0.0.1:${port}`, ...rest } = headers;
    const sent: Record<string, string> = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string] => e[1] !== null));
    if (host !== null) sent.host = host;
    const req = http.request({ host: '127.0.0.1', port, path, headers: sent, setHost: false, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, type: String(res.headers['content-type'] ?? '') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Serves `make(port)` on an ephemeral loopback port (the app is made once the port is known: it checks Host against it). */
function listen(servers: ServerType[], make: (port: number) => ReturnType<typeof createApp>) {
  let app: ReturnType<typeof createApp> | undefined;
  return new Promise<number>((resolve) => {
    const server = serve({ fetch: (req, env) => app!.fetch(req, env), port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      app = make(info.port);
      resolve(info.port);
    });
    servers.push(server);
  });
}

describe('dev outbox', () => {
  let s: TestServer;
  let port: number;
  const servers: ServerType[] = [];
  beforeAll(async () => {
    s = await startTestServer('pglite');
    port = await listen(servers, (p) => createApp({ ...s.deps, config: { ...s.config, port: p } }, s.content));
  });
  afterAll(async () => {
    await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
    await s?.close();
  });

  it('lists the sent e-mails on a server-rendered page, every value escaped, with no script', async () => {
    let res = await get(port, '/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.body).toContain('No e-mails yet.');
    await s.deps.mailer.send({
      to: 'pat@example.com',
      subject: 'Verify <b>now</b>',
      text: 'Open http://localhost:3000/verify?a=1&b=2 to confirm "now".',
      html: '',
    });
    const full = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
    expect(full.headers.get('content-type')).toMatch(/^text\/html/);
    expect(full.headers.get('cache-control')).toBe('no-store');
    expect(full.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await full.text();
    expect(page).toContain('<h1>Sent e-mails</h1>');
    expect(page).toContain('To: pat@example.com');
    expect(page).toContain('Verify &lt;b&gt;now&lt;/b&gt;');
    expect(page).toContain('href="http://localhost:3000/verify?a=1&amp;b=2"');
    expect(page).toContain('to confirm &quot;now&quot;.');
    expect(page).not.toContain('<script');
    res = await get(port, '/api/dev/outbox');
    expect(JSON.parse(res.body).emails[0]).toMatchObject({
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

// The outbox holds password reset links: it answers only a browser on this machine that asked for this server by its own
// address, with no proxy in between. A reverse proxy on this host connects from loopback, and a rebinding DNS name points a
// remote page's requests at 127.0.0.1: neither the socket nor any header a client can send makes a request local on its own.
describe('dev outbox: this machine only', () => {
  let s: TestServer;
  const servers: ServerType[] = [];
  let port: number;
  let trusting: number;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    port = await listen(servers, (p) => createApp({ ...s.deps, config: { ...s.config, port: p } }, s.content));
    trusting = await listen(servers, (p) => createApp({ ...s.deps, config: { ...s.config, port: p, trustProxy: true } }, s.content));
  });
  afterAll(async () => {
    await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
    await s?.close();
  });

  const PATHS = ['/api/dev/outbox', '/dev/outbox'];
  /** As when the outbox is off: the API's unknown-route answer, the page's not-found. */
  const expectAbsent = (res: { status: number; body: string }, label: string) => {
    expect(res.status, label).toBe(404);
    expect(res.body, label).not.toContain('Sent e-mails');
    expect(JSON.parse(res.body).error.code, label).toBe('NOT_FOUND');
  };

  it('answers a browser on this machine that names the server by its local address or PUBLIC_URL', async () => {
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, new URL(s.config.publicUrl).host];
    for (const host of hosts) for (const path of PATHS) expect((await get(port, path, { host })).status, `${host} ${path}`).toBe(200);
  });

  it.each([
    ['x-forwarded-for', '127.0.0.1'],
    ['x-forwarded-host', `127.0.0.1:3000`],
    ['x-forwarded-proto', 'http'],
    ['x-forwarded-port', '3000'],
    ['x-forwarded-server', 'proxy'],
    ['forwarded', 'for=127.0.0.1;proto=http'],
    ['via', '1.1 proxy'],
    ['x-real-ip', '127.0.0.1'],
    ['x-client-ip', '127.0.0.1'],
    ['true-client-ip', '127.0.0.1'],
    ['cf-connecting-ip', '127.0.0.1'],
    ['x-cluster-client-ip', '127.0.0.1'],
    ['fastly-client-ip', '127.0.0.1'],
    ['x-original-forwarded-for', '127.0.0.1'],
  ])('refuses a request carrying %s alone (404, as when the outbox is off)', async (name, value) => {
    for (const path of PATHS) {
      expectAbsent(await get(port, path, { [name]: value }), `${name} ${path}`);
      // TRUST_PROXY does not make a proxied request local either
      expectAbsent(await get(trusting, path, { [name]: value }), `${name} ${path} (TRUST_PROXY)`);
    }
  });

  it("refuses a Host that is not this server's local address", async () => {
    const hosts = [
      'evil.example',
      `evil.example:${port}`,
      `127.0.0.1:${port + 1}`,
      '127.0.0.1',
      'localhost',
      `localhost.evil.example:${port}`,
      `127.0.0.2:${port}`,
    ];
    for (const host of hosts) for (const path of PATHS) expectAbsent(await get(port, path, { host }), `${host} ${path}`);
    // without a Host, Node's HTTP/1.1 server answers 400 itself; in-process (loopback socket) the app refuses it
    for (const path of PATHS) expect((await get(port, path, { host: null })).status, `no Host ${path}`).toBe(400);
    const app = createApp(s.deps, s.content);
    const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    for (const path of PATHS) expect((await app.request(path, {}, loopback)).status, `no Host ${path} in process`).toBe(404);
  });

  it("answers the outbox's API exactly as an unknown route when it refuses", async () => {
    const refused = await get(port, '/api/dev/outbox', { host: 'evil.example' });
    const unknown = await get(port, '/api/dev/nothing-here', { host: 'evil.example' });
    expect(refused).toEqual(unknown);
  });

  it('refuses a socket from another machine, and an in-process request that has no socket (Hono connection info as @hono/node-server passes it)', async () => {
    const app = createApp(s.deps, s.content);
    const headers = { host: 'localhost:3000' };
    const remote = { incoming: { socket: { remoteAddress: '198.51.100.7', remotePort: 50000, remoteFamily: 'IPv4' } } };
    expect((await app.request('/api/dev/outbox', { headers }, remote)).status).toBe(404);
    expect((await app.request('/api/dev/outbox', { headers })).status).toBe(404);
    expect((await app.request('/api/dev/outbox', { headers }, { incoming: { socket: { remoteAddress: '::1' } } })).status).toBe(200);
  });
});
