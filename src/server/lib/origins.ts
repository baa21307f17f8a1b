import type { Config } from '../config';
import { ERROR_CODES } from '../../shared/errors';
import { HttpError } from './http';

/** True when PUBLIC_URL was left at its default (http://localhost:PORT) outside production. */
function defaultLocalUrl(config: Config): boolean {
  return config.env !== 'production' && config.publicUrl === `http://localhost:${config.port}`;
}

/**
 * The origins the app's pages may call the API from: PUBLIC_URL, and on a developer machine that
 * kept the default PUBLIC_URL the other names of this machine at the same port too (opening
 * http://127.0.0.1:3000 instead of http://localhost:3000 must not break sign-in).
 */
export function trustedOrigins(config: Config): string[] {
  if (!defaultLocalUrl(config)) return [config.publicUrl];
  return [config.publicUrl, `http://127.0.0.1:${config.port}`, `http://[::1]:${config.port}`];
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
