// `npm run db:migrate` (scripts/db-migrate.ts) on a fresh database: the embedded one in a temporary DATA_DIR, and a new
// PostgreSQL database when TEST_DATABASE_URL is set. The real command in a child process; then every migration of the
// journal is recorded, the schema's tables exist, and a second run changes nothing.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, type Database } from '../../src/server/db/client';
import { emptyDatabase } from '../helpers/empty-database';
import { testDatabases } from '../helpers/test-server';

const run = promisify(execFile);
const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

async function applied(database: Database): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(result.rows[0]!.n);
}

describe.each(testDatabases())('npm run db:migrate on a fresh %s database', (kind) => {
  it('applies every migration of the journal, and a second run changes nothing', async () => {
    const target = await emptyDatabase(kind, 'migrate');
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
