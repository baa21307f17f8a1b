import { Hono, type Context } from 'hono';
import { forbidden } from '../../lib/http';
import { isLoopback, socketAddress } from '../../lib/net';
import type { AppEnv } from '../../deps';
import { readOutbox } from '../../mail/mailer';
import { outboxPage } from './page';

/** The outbox answers this machine only; in-process test requests have no socket. */
async function localOutbox(c: Context<AppEnv>) {
  const address = socketAddress(c);
  if (address !== null && !isLoopback(address)) throw forbidden('The dev outbox is only available on this machine.');
  const { mailer, database } = c.get('deps');
  // Mail is delivered after the request that queued it; waiting for due mail here lets a reader (a
  // person or a browser test) see it at once.
  await mailer.drain();
  return readOutbox(database.db);
}

/**
 * Mounted only while the mail provider is the outbox, outside production (see app.ts): the JSON
 * list for tests and tools at /api/dev/outbox, the page for people at /dev/outbox.
 */
export const devOutboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await localOutbox(c);
  return c.json({
    emails: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, sentAt: r.sentAt })),
  });
});

/** Rendered by the server, so nothing of the dev outbox ships in the client bundle (docs/decisions.md 018). */
export const devOutboxPageRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.html(outboxPage(await localOutbox(c)));
});
