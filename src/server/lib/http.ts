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
  const message = first ? (first.path === '(body)' ? first.message : `${first.path}: ${first.message}`) : 'Invalid request';
  return new HttpError(400, ERROR_CODES.validation, message, issues);
}

/** Parses a JSON body against a schema; a missing or malformed body is a clear 400, never a 500. */
export async function readJson<T>(c: Context, schema: ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function readQuery<T>(c: Context, schema: ZodType<T>): T {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
