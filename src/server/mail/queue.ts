import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailQueue } from '../db/schema';
import type { Logger } from '../lib/logger';
import { consumeRateLimit, type RateLimitRule } from '../lib/rate-limit';
import { maskEmail, redactText } from '../lib/redact';
import type { MailMessage, Mailer } from './mailer';

/** Delay before each retry of a failed delivery (seconds); after the last one the mail is given up. */
export const RETRY_DELAYS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 6 * 60 * 60] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS.length + 1;
/**
 * How long a worker owns a claimed row; a process that dies mid-delivery frees it after this. Longer
 * than one SMTP delivery may take (the transport's timeouts, ./mailer.ts), so a slow delivery is never
 * claimed twice; rows are claimed one at a time for the same reason.
 */
const LEASE_SECONDS = 5 * 60;
const BATCH = 1;
/** Per recipient: auth e-mails (verification, reset, change of address) an address receives per hour. */
export const RECIPIENT_LIMIT: RateLimitRule = { window: 60 * 60, max: 5 };

/** How often each process looks for mail queued elsewhere (another process, the CLI) and for due retries. */
export const POLL_MS = 15_000;

/** Drops delivered and given-up messages after a month (their bodies were blanked at once). */
export async function pruneMailQueue(db: Db, olderThanDays = 30): Promise<void> {
  await db.execute(sql`delete from mail_queue where coalesce(sent_at, failed_at) < now() - make_interval(days => ${olderThanDays})`);
}

export interface QueuedMailer extends Mailer {
  /** Delivers every due message (this process's and other processes'), then resolves. */
  drain(): Promise<void>;
  /** Polls for due messages (other processes' and retries) until `stop`. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export interface QueueOptions {
  /** the per-recipient limit (off with RATE_LIMIT=off) */
  limitRecipients: boolean;
}

/**
 * `send` only stores the message in `mail_queue` (one insert: no request waits on SMTP, and a known
 * address answers as fast as an unknown one); the worker in every server process claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease, so each message is delivered once even with several processes,
 * and delivers them through `transport` (the dev outbox or SMTP), retrying failures with a growing delay.
 */
export function queuedMailer(db: Db, transport: Mailer, log: Logger, options: QueueOptions): QueuedMailer {
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  /** Claims up to BATCH due rows for this worker. */
  async function claim() {
    const result = await db.execute<{ id: number; to: string; subject: string; text: string; html: string; attempts: number }>(sql`
      update mail_queue set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      where id in (
        select id from mail_queue
        where sent_at is null and failed_at is null and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)
      returning id, "to", subject, text, html, attempts`);
    return result.rows;
  }

  async function deliver(row: { id: number; to: string; subject: string; text: string; html: string; attempts: number }) {
    const { id, attempts } = row;
    try {
      await transport.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      // The body holds the reset or verification link: once delivered, the queue keeps no copy.
      await db
        .update(mailQueue)
        .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null, text: '', html: '' })
        .where(eq(mailQueue.id, id));
    } catch (err) {
      const message = redactText(err instanceof Error ? err.message : String(err)).slice(0, 500);
      const delay = RETRY_DELAYS[attempts - 1];
      if (delay === undefined) {
        await db
          .update(mailQueue)
          .set({ failedAt: sql`now()`, lockedUntil: null, lastError: message, text: '', html: '' })
          .where(eq(mailQueue.id, id));
        log.error({ mailId: id, to: maskEmail(row.to), attempts, error: message }, 'e-mail delivery failed for good');
      } else {
        await db
          .update(mailQueue)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delay})`, lockedUntil: null, lastError: message })
          .where(eq(mailQueue.id, id));
        log.warn(
          { mailId: id, to: maskEmail(row.to), attempts, retryInSeconds: delay, error: message },
          'e-mail delivery failed, will retry',
        );
      }
    }
  }

  async function runUntilEmpty() {
    do {
      again = false;
      for (;;) {
        const rows = await claim();
        if (rows.length === 0) break;
        for (const row of rows) await deliver(row);
      }
    } while (again);
  }

  /** Starts a delivery run unless one is going, in which case that run goes round once more. */
  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runUntilEmpty()
      .catch((err) => log.error({ err }, 'mail worker failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    kind: transport.kind,
    async send(m: MailMessage, sendOptions?: { essential?: boolean }) {
      if (options.limitRecipients && !sendOptions?.essential) {
        const limit = await consumeRateLimit(db, `mail:${m.to.trim().toLowerCase()}`, RECIPIENT_LIMIT);
        if (!limit.allowed) {
          // Silently: the caller's answer must not tell whether a mail went out (or an account exists).
          log.warn({ to: maskEmail(m.to), subject: m.subject }, 'e-mail not queued: too many to this address this hour');
          return;
        }
      }
      await db.insert(mailQueue).values({ to: m.to, subject: m.subject, text: m.text, html: m.html });
      void kick();
    },
    async drain() {
      await running;
      await kick();
    },
    start(intervalMs = POLL_MS) {
      if (timer) return;
      void kick();
      let sincePrune = Infinity;
      timer = setInterval(() => {
        void kick();
        sincePrune += intervalMs;
        if (sincePrune < 60 * 60 * 1000) return;
        sincePrune = 0;
        void pruneMailQueue(db).catch((err) => log.warn({ err }, 'mail queue cleanup failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
