import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';
import { smtpMailer } from '../../src/server/mail/mailer';
import { MAX_ATTEMPTS, queuedMailer } from '../../src/server/mail/queue';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';
import { startSmtpReceiver } from '../helpers/smtp-receiver';

type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

const requestReset = (s: TestServer, email: string, ip = '203.0.113.1') =>
  s.request('/api/auth/request-password-reset', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
    json: { email, redirectTo: '/newpassword' },
  });

async function queueRows(s: TestServer) {
  const r = await s.deps.database.db.execute<{
    text: string;
    to: string;
    attempts: number;
    sent_at: string | null;
    failed_at: string | null;
    last_error: string | null;
    due: boolean;
  }>(sql`select "to", attempts, sent_at, failed_at, last_error, next_attempt_at <= now() as due, text from mail_queue order by id`);
  return r.rows;
}

describe.each(testDatabases())('mail queue on %s', (kind) => {
  let s: TestServer;
  let smtp: Receiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    s = await startTestServer(kind, { SMTP_URL: smtp.url, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await s.reset();
    smtp.received.length = 0;
    smtp.failNext(0);
  });

  it('retries a delivery the SMTP server refused, with a delay, and delivers it once', async () => {
    const u = await signedInUser(s);
    smtp.failNext(1);
    expect((await requestReset(s, u.email)).status).toBe(200);
    await s.deps.mailer.drain();
    let [row] = await queueRows(s);
    expect(row).toMatchObject({ to: u.email, attempts: 1, sent_at: null, failed_at: null, due: false });
    expect(row!.last_error).toMatch(/busy/);
    expect(smtp.received).toHaveLength(0);

    // the retry is due (instead of waiting a minute)
    await s.deps.database.db.execute(sql`update mail_queue set next_attempt_at = now()`);
    await s.deps.mailer.drain();
    await s.deps.mailer.drain();
    [row] = await queueRows(s);
    // delivered: the queue keeps no copy of the link
    expect(row).toMatchObject({ attempts: 2, failed_at: null, last_error: null, text: '' });
    expect(row!.sent_at).not.toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([u.email]);
  });

  it(`gives a message up after ${MAX_ATTEMPTS} refused deliveries`, async () => {
    await s.deps.mailer.send({ to: 'pat@example.com', subject: 'Hello', text: 'hi', html: '' });
    smtp.failNext(100);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await s.deps.mailer.drain();
      await s.deps.database.db.execute(sql`update mail_queue set next_attempt_at = now()`);
    }
    await s.deps.mailer.drain();
    const [row] = await queueRows(s);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, sent_at: null });
    expect(row!.failed_at).not.toBeNull();
  });

  it('answers a reset request while a slow SMTP server still holds the message', async () => {
    const u = await signedInUser(s);
    const held = smtp.hold();
    const res = await requestReset(s, u.email);
    expect(res.status).toBe(200);
    await held;
    // the answer came back while the SMTP server has the message and has not accepted it
    expect(smtp.received).toHaveLength(0);
    expect((await queueRows(s))[0]!.sent_at).toBeNull();
    smtp.release();
    await s.deps.mailer.drain();
    expect(smtp.received).toHaveLength(1);
    expect((await queueRows(s))[0]!.sent_at).not.toBeNull();
  });

  it('answers a reset request for a known and an unknown address identically', async () => {
    const u = await signedInUser(s);
    const known = await requestReset(s, u.email);
    const unknown = await requestReset(s, 'nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());
  });
});

describe('mail queue shared by two server processes on one PostgreSQL database', () => {
  const run = process.env.TEST_DATABASE_URL ? it : it.skip;
  let s: TestServer;
  let smtp: Receiver;
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    smtp = await startSmtpReceiver();
    s = await startTestServer('postgres', { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  run('delivers each message once', async () => {
    const other = await openDatabase({ kind: 'postgres', url: s.databaseUrl!, poolSize: 5 });
    const log = createLogger('silent');
    const second = queuedMailer(other.db, smtpMailer(smtp.url, 'x@example.com', log), log, { limitRecipients: false });
    try {
      const sends = [];
      for (let i = 0; i < 30; i++) {
        const mailer = i % 2 === 0 ? s.deps.mailer : second;
        sends.push(mailer.send({ to: `student${i}@example.com`, subject: `Message ${i}`, text: 'hi', html: '' }));
      }
      await Promise.all(sends);
      await Promise.all([s.deps.mailer.drain(), second.drain()]);
      await Promise.all([s.deps.mailer.drain(), second.drain()]);
      const subjects = smtp.received.map((m) => /Subject: (.*)/.exec(m.raw)![1]!.trim()).sort();
      expect(subjects).toHaveLength(30);
      expect(new Set(subjects).size).toBe(30);
    } finally {
      await second.stop();
      await other.close();
    }
  });
});

describe('per-recipient mail limit', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite', { RATE_LIMIT: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(async () => s?.close());

  it('sends at most 5 e-mails an hour to one address, with the same answer every time', async () => {
    const u = await signedInUser(s, { email: 'Target@Example.com' });
    const answers = [];
    // from a different address each time, so only the per-recipient limit applies
    for (let i = 0; i < 8; i++) {
      const res = await requestReset(s, i % 2 ? u.email.toLowerCase() : u.email, `198.51.100.${i + 1}`);
      answers.push(`${res.status} ${await res.text()}`);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^200 /);
    const mails = (await s.outbox()).filter((m) => m.to.toLowerCase() === 'target@example.com');
    expect(mails).toHaveLength(5);
  });
});
