import type { Context } from 'hono';
import type { HTTPException } from 'hono/http-exception';
import { ERROR_CODES } from '../../shared/errors';
import { errorBody } from './http';

const CODES: Partial<Record<number, string>> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  429: ERROR_CODES.rateLimited,
};

const MESSAGES: Partial<Record<number, string>> = {
  // hono's csrf middleware: a form or text POST from another site (or with no Origin we know)
  403: 'Requests from other sites are not accepted.',
  413: 'The request is too large.',
  415: 'Unsupported content type.',
};

/**
 * A 4xx thrown by a Hono middleware (csrf, body limit, …) as an HTTPException, answered in the API's
 * one error shape instead of falling through to a 500.
 */
export function httpExceptionResponse(c: Context, err: HTTPException): Response {
  const status = err.status;
  const code = CODES[status] ?? `HTTP_${status}`;
  const message = MESSAGES[status] ?? (err.message || 'The request was refused.');
  const res = c.json(errorBody(code, message), status);
  const retryAfter = err.getResponse().headers.get('retry-after');
  if (retryAfter) res.headers.set('Retry-After', retryAfter);
  return res;
}
