// `npm run content:import` of the whole shipped bank (every question item and case set, with
// the rest of the study content), on the embedded database and on PostgreSQL when TEST_DATABASE_URL is
// set: the real command in a child process, then the rows counted and a second import changing nothing.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { importContent } from '../../src/server/content/import';
import { loadContent } from '../../src/server/content/load';
import { openDatabase, type Database } from '../../src/server/db/client';
import { itemPool } from '../../src/shared/questions';
import { questionCases, questionItems } from '../../src/server/db/schema';
import { testDatabases } from '../helpers/test-server';

const run = promisify(execFile);
const { content } = loadContent(path.resolve('.'));
const perLevel = (xs: { course_level: string }[], level: string) => xs.filter((x) => x.course_level === level).length;

/** A new, empty database of the kind, with the environment that points the command at it. */
async function emptyDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'medicprep-import-'));
    return {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ kind: 'pglite', dir: path.join(dir, 'pglite') }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `medicprep_import_${process.pid}_${randomBytes(4).toString('hex')}`;
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

describe.each(testDatabases())('npm run content:import of the whole bank on %s', (kind) => {
  it('imports every item and case set of both levels, and a second import changes nothing', async () => {
    const target = await emptyDatabase(kind);
    let database: Database | undefined;
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/content-import.ts'], {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...target.env },
        timeout: 120_000,
      });
      const items = content.questions.items.length;
      expect(stdout).toContain(`questions   +${items} inserted, 0 updated, 0 deleted`);
      expect(stdout).toContain(`questionCases +${content.questions.cases.length} inserted`);

      database = await target.open();
      for (const level of ['EMT', 'Paramedic'] as const) {
        const [itemRows] = await database.db
          .select({ n: count() })
          .from(questionItems)
          .where(and(eq(questionItems.level, level), eq(questionItems.retired, false)));
        expect(itemRows!.n, `${level} items`).toBe(perLevel(content.questions.items, level));
        const [caseRows] = await database.db.select({ n: count() }).from(questionCases).where(eq(questionCases.level, level));
        expect(caseRows!.n, `${level} case sets`).toBe(perLevel(content.questions.cases, level));
      }
      // the pool column: the files' pool "exam" (absent: practice), counted per level and pool
      const pools = await database.db
        .select({ level: questionItems.level, pool: questionItems.pool, n: count() })
        .from(questionItems)
        .where(eq(questionItems.retired, false))
        .groupBy(questionItems.level, questionItems.pool);
      const expected = new Map<string, number>();
      for (const i of content.questions.items)
        expected.set(`${i.course_level} ${itemPool(i)}`, (expected.get(`${i.course_level} ${itemPool(i)}`) ?? 0) + 1);
      expect(new Map(pools.map((r) => [`${r.level} ${r.pool}`, r.n]))).toEqual(expected);
      for (const level of ['EMT', 'Paramedic'] as const) expect(expected.get(`${level} exam`), `${level} exam pool`).toBeGreaterThan(0);
      const again = await importContent(database.db, content);
      expect(again.questions).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(again.questionCases).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(again.versionChanged).toBe(false);
    } finally {
      await database?.close();
      await target.dispose();
    }
    // a child process that starts the embedded database and writes the whole library
  }, 180_000);
});
