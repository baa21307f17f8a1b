import { Hono, type Context } from 'hono';
import { clientIp, isLoopback, socketAddress } from '../../lib/net';
import { forbidden } from '../../lib/http';
import type { AppEnv } from '../../deps';
import { readOutbox } from '../../mail/mailer';
import { outboxPage } from './page';

/** Headers a reverse proxy adds: a request that carries one came through a proxy, from anywhere. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the caller is on this machine. A proxy on this host connects from loopback, so the socket
 * alone says nothing once proxy headers are present: then only TRUST_PROXY's client address (the one
 * the rate limits use) counts, and without TRUST_PROXY the request is not local. In-process test
 * requests have no socket and count as local.
 */
export function isLocalRequest(c: Context<AppEnv>, trustProxy: boolean): boolean {
  const proxied = PROXY_HEADERS.some((h) => c.req.header(h) !== undefined);
  if (!proxied) {
    const socket = socketAddress(c);
    return socket === null || isLoopback(socket);
  }
  if (!trustProxy || !c.req.header('x-forwarded-for')) return false;
  return isLoopback(clientIp(c, true));
}

async function localOutbox(c: Context<AppEnv>) {
  const { config, database, mailer } = c.get('deps');
  if (!isLocalRequest(c, config.trustProxy)) throw forbidden('The dev outbox is only available on this machine.');
  // Mail is delivered after the request that queued it; waiting for due mail here lets a reader (a
  // person or a browser test) see it at once.
  await mailer.drain();
  return readOutbox(database.db);
}

/**
 * Mounted only while the mail provider is the outbox, outside production, with DEV_OUTBOX on (see app.ts): the JSON
 * list for tests and tools at /api/dev/outbox, the page for people at /dev/outbox.
 */
export const devOutboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await localOutbox(c);
  return c.json({
    emails: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, sentAt: r.sentAt })),
  });
});

/** Rendered by the server, so nothing of the dev outbox ships in the client bundle (docs/decisions/018-dev-outbox-page-rendered-by-the-server.md). */
export const devOutboxPageRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.html(outboxPage(await localOutbox(c)));
});
