// `npm run content:import` of the whole shipped bank (every question item and case set, with
// the rest of the study content), on the embedded database and on PostgreSQL when TEST_DATABASE_URL is
// set: the real command in a child process, then the rows counted and a second import changing nothing.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importContent } from '../../src/server/content/import';
import { loadContent } from '../../src/server/content/load';
import type { Database } from '../../src/server/db/client';
import { itemPool } from '../../src/shared/questions';
import { questionCases, questionItems } from '../../src/server/db/schema';
import { emptyDatabase } from '../helpers/empty-database';
import { testDatabases } from '../helpers/test-server';

const run = promisify(execFile);
const { content } = loadContent(path.resolve('.'));
const perLevel = (xs: { course_level: string }[], level: string) => xs.filter((x) => x.course_level === level).length;

describe.each(testDatabases())('npm run content:import of the whole bank on %s', (kind) => {
  it('imports every item and case set of both levels, and a second import changes nothing', async () => {
    const target = await emptyDatabase(kind, 'import');
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
