import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'medicprep' }, redact: ['req.headers.cookie', 'password', 'newPassword'] });
}
export type { Logger };
