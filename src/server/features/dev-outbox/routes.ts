import { Hono } from 'hono';
import { forbidden } from '../../lib/http';
import { isLoopback, socketAddress } from '../../lib/net';
import type { AppEnv } from '../../deps';
import { readOutbox } from '../../mail/mailer';

/** Mounted only while the mail provider is the outbox, outside production; answers this machine only. */
export const devOutboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const address = socketAddress(c);
  // in-process test requests have no socket
  if (address !== null && !isLoopback(address)) throw forbidden('The dev outbox is only available on this machine.');
  const rows = await readOutbox(c.get('deps').database.db);
  return c.json({
    emails: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, sentAt: r.sentAt })),
  });
});
