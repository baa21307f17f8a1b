import nodemailer from 'nodemailer';
import { desc } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { maskEmail } from '../lib/redact';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'outbox' | 'smtp';
  /**
   * `essential`: a security notice about a change the account holder made and confirmed (the old
   * address told of a new one), which the per-recipient limit must not drop.
   */
  send(message: MailMessage, options?: { essential?: boolean }): Promise<void>;
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}

/**
 * Stores every e-mail in the database, readable at the dev outbox (the links are there, never in the
 * log). Both providers are the transports of the mail queue (./queue.ts), which is what the app sends through.
 */
export function outboxMailer(db: Db, log: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(m) {
      const links = extractLinks(m.text);
      await db.insert(mailOutbox).values({ ...m, links });
      log.info({ to: maskEmail(m.to), subject: m.subject }, 'e-mail stored in the dev outbox');
    },
  };
}

export function smtpMailer(url: string, from: string, log: Logger): Mailer {
  // Bounded well under the mail queue's lease (./queue.ts), so a stalled server fails the attempt
  // (retried later) instead of holding it until another worker claims the message again.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    kind: 'smtp',
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      log.info({ to: maskEmail(m.to), subject: m.subject, messageId: info.messageId }, 'e-mail sent');
    },
  };
}

export async function readOutbox(db: Db, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.sentAt), desc(mailOutbox.id)).limit(limit);
}
