import type { Config } from '../config';
import { ERROR_CODES } from '../../shared/errors';
import { HttpError } from './http';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the app's pages may call the API from: PUBLIC_URL; and outside production, when
 * PUBLIC_URL is this machine (the default http://localhost:PORT, or `npm run dev`'s Vite address),
 * every loopback name at the same port, so opening http://127.0.0.1:3000 instead of
 * http://localhost:3000 does not break sign-in. Loopback names reach only this machine.
 */
export function trustedOrigins(config: Config): string[] {
  const url = new URL(config.publicUrl);
  if (config.env === 'production' || url.protocol !== 'http:' || !LOOPBACK_NAMES.includes(url.hostname)) return [config.publicUrl];
  const port = url.port ? `:${url.port}` : '';
  return [config.publicUrl, ...LOOPBACK_NAMES.map((name) => `http://${name}${port}`).filter((o) => o !== config.publicUrl)];
}

/** What a refused origin is told: the address to open instead (shown on the sign-in screen). */
export function wrongOriginMessage(config: Config): string {
  return `Open MedicPrep at ${config.publicUrl} to sign in.`;
}

/** Better Auth's codes for a request from an origin it does not trust. */
export const ORIGIN_REFUSAL_CODES = new Set(['INVALID_ORIGIN', 'MISSING_OR_NULL_ORIGIN', 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED']);

/** For hono/csrf's `origin`: a refused origin gets our one error shape and the address to use. */
export function originCheck(config: Config) {
  const allowed = trustedOrigins(config);
  return (origin: string): boolean => {
    if (allowed.includes(origin)) return true;
    throw new HttpError(403, ERROR_CODES.forbidden, wrongOriginMessage(config));
  };
}
