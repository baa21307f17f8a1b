import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDatabaseLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; we type them as node-postgres's. */
export type Db = NodePgDatabase<Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `template` (the tests prepare one database per run) */
  dump?: () => Promise<Blob>;
}

/** `owner` names this process in the message another one shows when the embedded database is in use (db/lock.ts). */
export type DatabaseTarget =
  /** `template`: a data directory saved by PGlite's `dumpDataDir`, loaded instead of creating an empty one (the tests' prepared database) */
  ({ kind: 'pglite'; dir: string | null; owner?: string; template?: Blob } | { kind: 'postgres'; url: string; poolSize?: number }) & {
    /**
     * Called with every statement the query builder sends (Better Auth's adapter included), before it is sent: the tests
     * count a hot path's round trips with it (tests/api/statement-counts.test.ts). Production passes none.
     */
    onStatement?: (sql: string) => void;
  };

const statementLogger = (onStatement: DatabaseTarget['onStatement']) =>
  onStatement ? { logger: { logQuery: (query: string) => onStatement(query) } } : {};

/** The SQL migrations sit beside this module, in the source tree and in the built server alike. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    pool.on('error', () => {
      /* idle client errors are reported by the next query */
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case', ...statementLogger(target.onStatement) });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let release = () => {};
  if (target.dir) {
    release = acquireDatabaseLock(target.dir, target.owner ?? 'MedicPrep server');
    mkdirSync(target.dir, { recursive: true });
  }
  try {
    const client = await PGlite.create(target.dir ?? undefined, { extensions: { pg_trgm }, loadDataDir: target.template });
    const db = drizzlePglite(client, { schema, casing: 'snake_case', ...statementLogger(target.onStatement) }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      close: () => client.close().finally(release),
      dump: async () => await client.dumpDataDir('none'),
    };
  } catch (e) {
    release();
    throw e;
  }
}

export async function migrateDatabase(database: Database): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder: migrationsDir });
  else await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
}
