import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES, MESSAGES } from '../../shared/errors';
import { errorBody } from './http';

/** Seconds a refused client should wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Sheds load instead of queueing it without bound: at most `max` API requests are handled at once by
 * this process; the next ones are answered at once with 503, `Retry-After` and the one error shape.
 * Without it the embedded database (one query at a time) let thousands of requests wait until they
 * timed out, and nobody got an answer. `exempt` paths (the health check) are neither counted nor
 * refused, so a load balancer does not take a busy but healthy process out.
 */
export function loadShedding(max: number, exempt: (path: string) => boolean = () => false): MiddlewareHandler {
  let inFlight = 0;
  return async (c, next) => {
    if (exempt(c.req.path)) return next();
    if (inFlight >= max) {
      c.header('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      return c.json(errorBody(ERROR_CODES.busy, MESSAGES.busy), 503);
    }
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}
