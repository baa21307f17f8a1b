import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { extractLinks, smtpMailer } from './mailer';
import { mailTemplates } from './templates';

describe('smtp mail provider', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('delivers a reset e-mail with its link to a real SMTP receiver', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'MedicPrep <no-reply@medicprep.app>', createLogger('silent'));
    const url = 'http://localhost:3000/newpassword?token_hash=abc123&type=recovery';
    await mailer.send(mailTemplates.resetPassword('student@example.com', url));
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@medicprep.app');
    expect(received[0]!.to).toEqual(['student@example.com']);
    expect(received[0]!.raw).toContain('Subject: Reset your MedicPrep password');
    const decoded = received[0]!.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    expect(decoded).toContain(url);
  });

  it('finds the links of a message', () => {
    expect(extractLinks('Open https://a.example/x?y=1 and http://b.example/.\nAgain https://a.example/x?y=1')).toEqual([
      'https://a.example/x?y=1',
      'http://b.example/.',
    ]);
  });
});
