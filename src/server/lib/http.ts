import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError, ZodType } from 'zod';
import { ERROR_CODES, type ApiErrorBody } from '../../shared/errors';

/** A failure with a user-facing message; the app's error handler turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

/** A 429: the client may try again after `retryAfter` seconds (sent as Retry-After). */
export class RateLimitedError extends HttpError {
  constructor(
    readonly retryAfter: number,
    message: string,
  ) {
    super(429, ERROR_CODES.rateLimited, message);
  }
}

export const badRequest = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message);
export const unauthenticated = (message = 'Please log in to continue.') => new HttpError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found.') => new HttpError(404, ERROR_CODES.notFound, message);

export function errorBody(code: string, message: string, issues?: { path: string; message: string }[]): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function validationError(error: ZodError): HttpError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }));
  const first = issues[0];
  // Plain words for people; the field each message belongs to travels in `issues` (the client puts it on that field).
  const message = first ? first.message : 'Invalid request';
  return new HttpError(400, ERROR_CODES.validation, message, issues);
}

/** PostgreSQL text cannot hold U+0000; such input is refused up front instead of failing in the database. */
export const NUL_MESSAGE = 'Text must not contain NUL characters.';
export function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(String.fromCharCode(0));
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasNul(k) || hasNul(v));
  return false;
}

/** hasNul for a JSON body given as text (a body that is not JSON is checked as text). */
export function jsonHasNul(text: string): boolean {
  try {
    return hasNul(JSON.parse(text));
  } catch {
    return hasNul(text);
  }
}

/** C0 controls, DEL and C1 controls: never part of an id, a key or a file name a route looks up. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Whether a request URL's path is one a route may read its parameters from: valid percent-encoded UTF-8 with no control
 * character once decoded. Path parameters reach services and SQL as they are (PostgreSQL text cannot hold U+0000), so
 * the path is checked once for every route, as readJson and readQuery check bodies and queries.
 */
export function isCleanPath(url: string): boolean {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return true;
  const query = url.indexOf('?', start);
  const raw = url.slice(start, query === -1 ? undefined : query);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return false; // a broken escape (%zz, a lone %) or bytes that are not UTF-8 (%ff, a truncated or overlong sequence)
  }
  return !CONTROL_CHARACTER.test(decoded);
}

/** Parses a JSON body against a schema; a missing or malformed body is a clear 400, never a 500. */
export async function readJson<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.length === 0 ? {} : JSON.parse(text);
    if (hasNul(raw)) throw badRequest(NUL_MESSAGE);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest('The request body must be valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function readQuery<T>(c: Context, schema: ZodType<T>): T {
  const query = c.req.query();
  if (hasNul(query)) throw badRequest(NUL_MESSAGE);
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
