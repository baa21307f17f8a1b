// `npm run db:migrate` (scripts/db-migrate.ts) on a fresh database: the embedded one in a temporary DATA_DIR, and a new
// PostgreSQL database when TEST_DATABASE_URL is set. The real command in a child process; then every migration of the
// journal is recorded, the schema's tables exist, and a second run changes nothing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client';
import { testDatabases } from '../helpers/test-server';

const run = promisify(execFile);
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

async function freshDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'medicprep-migrate-'));
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `medicprep_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 }),
    dispose: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function applied(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(result.rows[0]!.n);
}

describe.each(testDatabases())('npm run db:migrate on a fresh %s database', (kind) => {
  it('applies every migration of the journal, and a second run changes nothing', async () => {
    const target = await freshDatabase(kind);
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const env = { ...inherited, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target.env };
    let database: Database | undefined;
    try {
      const first = await run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env });
      expect(first.stdout).toContain('Migrations applied');
      await run(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env });
      database = await target.open();
      expect(await applied(database)).toBe(journal.entries.length);
      const users = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(Number(users.rows[0]!.n)).toBe(0);
    } finally {
      await database?.close();
      await target.dispose();
    }
  }, 120_000);
});
