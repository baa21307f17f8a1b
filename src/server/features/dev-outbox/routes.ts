import { Hono, type Context } from 'hono';
import type { Config } from '../../config';
import type { AppEnv } from '../../deps';
import { isLoopback, socketAddress } from '../../lib/net';
import { readOutbox } from '../../mail/mailer';
import { outboxPage } from './page';

/**
 * Headers by which a proxy, a CDN or a load balancer — or a client posing as one — says where a request came from. A request
 * carrying any of them did not come straight from a browser on this machine.
 */
const FORWARDING_HEADER =
  /^(?:x-forwarded(?:-.*)?|forwarded(?:-.*)?|via|x-real-ip|x-client-ip|client-ip|true-client-ip|cf-connecting-ip(?:v6)?|cf-ipcountry|x-cluster-client-ip|fastly-client-ip|akamai-origin-hop|x-akamai-.*|x-azure-.*|x-appengine-.*|x-envoy-.*|x-original-.*|x-originating-ip|x-remote-ip|x-remote-addr|x-host|x-proxyuser-ip|x-proxy-.*)$/;

/** The Host values by which a browser on this machine asks for this server: PUBLIC_URL's, and the loopback names on PORT. */
function localHosts(config: Config): Set<string> {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  const hosts = new Set(names.map((n) => `${n}:${config.port}`));
  if (config.port === 80) for (const n of names) hosts.add(n); // a browser leaves out the default port
  hosts.add(new URL(config.publicUrl).host.toLowerCase());
  return hosts;
}

/**
 * Whether the caller is a browser on this machine talking to this server directly (decision 080): the socket's peer is
 * loopback, the Host header is the server's own local address (not a name that a rebinding DNS server pointed at
 * 127.0.0.1), and no forwarding header is present (a proxy on this host connects from loopback too, and TRUST_PROXY's
 * addresses are the proxy's word, not the machine's). An in-process request has no socket: not local.
 */
export function isLocalRequest(c: Context<AppEnv>, config: Config): boolean {
  if (!isLoopback(socketAddress(c))) return false;
  const host = c.req.header('host')?.toLowerCase();
  if (host === undefined || !localHosts(config).has(host)) return false;
  return !Object.keys(c.req.header()).some((name) => FORWARDING_HEADER.test(name.toLowerCase()));
}

/** The outbox's rows for a local caller; null for anyone else, whose request then goes on as if the outbox were off. */
async function localOutbox(c: Context<AppEnv>) {
  const { config, database, mailer } = c.get('deps');
  if (!isLocalRequest(c, config)) return null;
  // Mail is delivered after the request that queued it; waiting for due mail here lets a reader (a
  // person or a browser test) see it at once.
  await mailer.drain();
  return readOutbox(database.db);
}

/**
 * Mounted only while the mail provider is the outbox, outside production, with DEV_OUTBOX on (see app.ts): the JSON
 * list for tests and tools at /api/dev/outbox, the page for people at /dev/outbox.
 */
export const devOutboxRoutes = new Hono<AppEnv>().get('/', async (c, next) => {
  const rows = await localOutbox(c);
  if (!rows) return next(); // to the app's unknown-route answer, as when the outbox is off
  return c.json({
    emails: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, sentAt: r.sentAt })),
  });
});

/** Rendered by the server, so nothing of the dev outbox ships in the client bundle (docs/decisions/018-dev-outbox-page-rendered-by-the-server.md). */
export const devOutboxPageRoutes = new Hono<AppEnv>().get('/', async (c, next) => {
  const rows = await localOutbox(c);
  if (!rows) return next();
  c.header('Cache-Control', 'no-store');
  return c.html(outboxPage(rows));
});
