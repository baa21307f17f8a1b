import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free port. `failNext(n)` refuses the next n messages with a temporary
 * error; `hold()` keeps the next message waiting (not yet accepted) until `release()`.
 */
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let holding = false;
  let releaseHeld: (() => void) | null = null;
  let signalHeld: (() => void) | null = null;
  let heldPromise: Promise<void> = Promise.resolve();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const accept = () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        };
        if (holding) {
          holding = false;
          releaseHeld = accept;
          signalHeld?.();
          return;
        }
        accept();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    /** the next message is held; the returned promise resolves once the server holds it */
    hold(): Promise<void> {
      holding = true;
      heldPromise = new Promise<void>((resolve) => (signalHeld = resolve));
      return heldPromise;
    },
    release() {
      releaseHeld?.();
      releaseHeld = null;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
