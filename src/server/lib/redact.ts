/**
 * What may reach the logs: no links with their tokens, no tokens, no passwords, no full e-mail
 * addresses and no bound query parameters (a database error carries them). Every log line passes
 * through `redactValue` (src/server/lib/logger.ts), so a new `log.info({ … })` cannot leak them.
 */

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/** the value of every query parameter, in a link or a logged path */
const QUERY_VALUE = /([?&][^=\s&#"'<>?]+=)[^\s&#"'<>]+/g;
/** JSON Web Tokens (Better Auth's verification links) and long opaque tokens in a path (…/reset-password/<token>) */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const PATH_TOKEN = /(\/(?:reset-password|verify-email|callback)\/)[\w-]{16,}/g;
/** drizzle's "Failed query: …\nparams: a@b.c,secret" message */
const PARAMS_LINE = /(\n\s*params:)[^\n]*/g;

/** Keys whose values are never logged, wherever they appear. */
const SECRET_KEYS = new Set([
  'password',
  'newpassword',
  'currentpassword',
  'token',
  'token_hash',
  'tokenhash',
  'secret',
  'cookie',
  'authorization',
  'set-cookie',
  'text',
  'html',
  'links',
  'url',
  'params',
  'parameters',
  'query',
]);

/** `r***@example.com`: enough for an operator to tell addresses apart, not to read one. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
}

export function redactText(text: string): string {
  return text
    .replace(PARAMS_LINE, '$1 [redacted]')
    .replace(JWT, '[token]')
    .replace(PATH_TOKEN, '$1[token]')
    .replace(QUERY_VALUE, '$1[redacted]')
    .replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
}

/** A logged error: its type, code, message and stack, redacted; never the query or its parameters. */
function redactError(err: Error, depth: number): Record<string, unknown> {
  const e = err as Error & { code?: unknown; cause?: unknown; detail?: unknown; constraint?: unknown; table?: unknown };
  const out: Record<string, unknown> = { type: e.name, message: redactText(e.message) };
  if (e.stack) out.stack = redactText(e.stack);
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  if (typeof e.constraint === 'string') out.constraint = e.constraint;
  if (typeof e.table === 'string') out.table = e.table;
  if (typeof e.detail === 'string') out.detail = redactText(e.detail);
  if (e.cause !== undefined) out.cause = redactValue(e.cause, depth + 1);
  return out;
}

export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[…]';
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return redactError(value, depth);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : redactValue(v, depth + 1);
  }
  return out;
}
