// A new, empty database of either kind for a test that runs one of the project's commands against it (content:import,
// db:migrate): the environment that points the command there, a way to open it, and its removal.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';

/** A new, empty database of the kind, with the environment that points the command at it. */
export async function emptyDatabase(kind: 'pglite' | 'postgres', prefix: string) {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), `medicprep-${prefix}-`));
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `medicprep_${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 }),
    dispose: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
