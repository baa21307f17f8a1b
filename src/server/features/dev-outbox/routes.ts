import { Hono } from 'hono';
import type { AppEnv } from '../../deps';
import { readOutbox } from '../../mail/mailer';

/** Mounted only while the mail provider is the outbox. */
export const devOutboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await readOutbox(c.get('deps').database.db);
  return c.json({
    emails: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, links: r.links, sentAt: r.sentAt })),
  });
});
