import pino, { type DestinationStream, type Logger } from 'pino';
import { redactText, redactValue } from './redact';

/**
 * Every line passes through the redaction of src/server/lib/redact.ts: masked e-mail addresses, no
 * links' tokens, no passwords, no query parameters (docs/operations.md, "E-mail delivery and sign-in limits").
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: 'medicprep' },
      redact: ['req.headers.cookie', 'req.headers.authorization', 'password', 'newPassword'],
      // redactValue has already made errors plain, redacted objects
      serializers: { err: (err: unknown) => err },
      formatters: { log: (obj) => redactValue(obj) as Record<string, unknown> },
      hooks: {
        logMethod(args, method) {
          const [first, ...rest] = args as unknown[];
          // log.error(err) would print err.message as the line's message before any formatter sees it.
          const lead = first instanceof Error ? [{ err: first }, ...(rest.length > 0 ? [] : [first.message])] : [first];
          const all = [...lead, ...rest].map((a) => (typeof a === 'string' ? redactText(a) : a));
          method.apply(this, all as Parameters<typeof method>);
        },
      },
    },
    destination as DestinationStream,
  );
}
export type { Logger };
