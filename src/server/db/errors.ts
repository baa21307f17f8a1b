/**
 * Why the database could not be reached at start-up, in words an operator can act on. Drizzle wraps
 * the driver's error ("Failed query: CREATE SCHEMA …"); the cause is further down the `cause` chain.
 */
interface DriverError {
  code?: string;
  message?: string;
  /** the constraint a violation names (pg and PGlite both report it) */
  constraint?: string;
  cause?: unknown;
  errors?: unknown[];
}

/** The innermost error that carries a code (a pg error or a Node socket error), else the innermost one. */
function rootCause(err: unknown): DriverError | null {
  let found: DriverError | null = null;
  let current: unknown = err;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const e = current as DriverError;
    if (typeof e.code === 'string') found = e;
    else if (Array.isArray(e.errors) && e.errors.length > 0) {
      // AggregateError from a connection to several addresses (localhost: ::1 and 127.0.0.1)
      const withCode = e.errors.find((x): x is DriverError => typeof (x as DriverError)?.code === 'string');
      if (withCode) found = withCode;
    }
    current = e.cause;
  }
  return found ?? (err && typeof err === 'object' ? err : null);
}

/** Host, port and database of a DATABASE_URL, without the user's password. */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}, database "${decodeURIComponent(u.pathname.slice(1)) || u.username}"${u.username ? `, user "${decodeURIComponent(u.username)}"` : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

const CAUSES: Record<string, (where: string) => string> = {
  ECONNREFUSED: (w) =>
    `nothing accepts connections there (connection refused; ${w}). Check DATABASE_URL's host and port, and that PostgreSQL is running and listening on them.`,
  ENOTFOUND: (w) => `the host name is unknown (${w}). Check DATABASE_URL's host.`,
  EAI_AGAIN: (w) => `the host name could not be looked up (${w}). Check DATABASE_URL's host and this machine's DNS.`,
  ETIMEDOUT: (w) => `the connection timed out (${w}). Check DATABASE_URL's host and port, and any firewall between here and PostgreSQL.`,
  EHOSTUNREACH: (w) => `the host cannot be reached (${w}). Check DATABASE_URL's host and the network.`,
  '3D000': (w) => `the database does not exist (${w}). Create it (createdb) or fix the database name in DATABASE_URL.`,
  '28P01': (w) => `authentication failed: wrong password (${w}). Check the user and password in DATABASE_URL.`,
  '28000': (w) =>
    `authentication failed: the server does not accept this user (${w}). Check the user and password in DATABASE_URL, and pg_hba.conf.`,
  '42501': (w) =>
    `the user may not create the schema or tables (permission denied; ${w}). Give the user ownership of the database, or CREATE rights.`,
  '57P03': (w) => `PostgreSQL is starting up or shutting down (${w}). Try again in a moment.`,
  '53300': (w) => `PostgreSQL has no connection slots left (${w}). Lower the number of processes or raise max_connections.`,
};

/** The message printed when the server (or a command) cannot open or migrate its database. */
export function describeDatabaseError(err: unknown, target: { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string }): string {
  const cause = rootCause(err);
  const detail = cause?.message ?? String(err);
  if (target.kind === 'pglite') return `Could not open the embedded database in ${target.dir}: ${detail}`;
  const explain = cause?.code ? CAUSES[cause.code] : undefined;
  const where = describeTarget(target.url);
  if (explain) return `Could not use the PostgreSQL database: ${explain(where)}\n  (${cause?.code}: ${detail})`;
  return `Could not use the PostgreSQL database (${where}): ${detail}${cause?.code ? ` (${cause.code})` : ''}.\n  Check DATABASE_URL: host, port, database name, user and password.`;
}

/** The database could not be opened or migrated at start-up; the message says why and what to check. */
export class DatabaseStartError extends Error {}

/**
 * Whether an error (as Drizzle wraps it) is PostgreSQL's unique violation (23505), of `constraint` when one is named: the
 * sign that a concurrent request inserted the row first.
 */
/** PostgreSQL's invalid_parameter_value (22023), as for a time zone it does not know. */
export function isInvalidParameter(err: unknown): boolean {
  return rootCause(err)?.code === '22023';
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const cause = rootCause(err);
  return cause?.code === '23505' && (constraint === undefined || cause.constraint === constraint);
}
