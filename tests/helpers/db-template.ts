/**
 * Vitest global setup of the API project: prepares ONE database per run — migrated, study content
 * imported — and every test server starts from a copy of it instead of repeating that work:
 *
 * - PGlite: the prepared data directory is dumped to a tarball; each server loads it (`loadDataDir`)
 *   instead of running initdb, the migrations and the content import (about 4× faster per server).
 * - PostgreSQL (with TEST_DATABASE_URL): a template database; each suite's own database is
 *   `CREATE DATABASE … TEMPLATE` it (a file copy on the server) instead of migrating and importing.
 *
 * The copies are made by the same code the server runs (`bootstrap`), from this run's migrations and
 * content, so nothing is cached between runs. Test servers without the template (another runner, a
 * script) fall back to preparing their own database.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { bootstrap } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/lib/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a PGlite data directory tarball: migrated, content imported */
    pgliteTemplate: string | null;
    /** the name of a PostgreSQL template database on TEST_DATABASE_URL's server */
    postgresTemplate: string | null;
  }
}

async function prepare(database: Database): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    DATA_DIR: path.resolve('.tmp/test-data'),
    AUTH_SECRET: 'template-secret-template-secret-0123456789',
    LOG_LEVEL: 'silent',
  });
  const { deps } = await bootstrap(config, createLogger('silent'), { database });
  await deps.mailer.stop();
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = path.resolve('.tmp/test-templates');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${process.pid}-${randomBytes(3).toString('hex')}.tar`);
  const embedded = await openDatabase({ kind: 'pglite', dir: null });
  await prepare(embedded);
  writeFileSync(file, Buffer.from(await (await embedded.dump!()).arrayBuffer()));
  await embedded.close();
  project.provide('pgliteTemplate', file);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `medicprep_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const server = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await prepare(server);
    await server.close(); // a template database may have no connections while it is copied
  }
  project.provide('postgresTemplate', templateName);
  process.stdout.write(`prepared the test databases in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  return async () => {
    rmSync(file, { force: true });
    if (adminUrl && templateName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}
