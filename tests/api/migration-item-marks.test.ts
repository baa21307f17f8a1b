import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, type Database } from '../../src/server/db/client';
import { emptyDatabase } from '../helpers/empty-database';
import { testDatabases } from '../helpers/test-server';

// Migration 0017 (decision 102): the flashcard flag (a column of the card's answer state) and the question flag (a table of
// its own) become rows of item_marks. Every flag written before it is there after it, with nothing else marked, and the
// old places are gone.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'medicprep-migrations-'));
  dirs.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateBefore(database: Database, tag: string) {
  const migrationsFolder = migrationsBefore(tag);
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder });
  else await migratePglite(database.db as never, { migrationsFolder });
}

describe.each(testDatabases())('migration 0017_item_marks on %s', (kind) => {
  it('copies every flashcard and question flag into item_marks, and only those', async () => {
    const target = await emptyDatabase(kind, 'marks');
    const database = await target.open();
    try {
      const db = database.db;
      await migrateBefore(database, '0017_item_marks');
      await db.execute(sql`
        insert into users (id, name, email, first_name, last_name)
        values ('u1', 'Ann Lee', 'ann@example.com', 'Ann', 'Lee'), ('u2', 'Bo Ng', 'bo@example.com', 'Bo', 'Ng')`);
      await db.execute(sql`
        insert into flashcards (key, category, course_level, front_text, back_text)
        select k, 'Cardiology', 'Paramedic', 'front ' || k, 'back ' || k from unnest(array['card-a', 'card-b', 'card-c']) k`);
      await db.execute(sql`
        insert into question_items (key, level, type, domain, topic, difficulty, pediatric, body)
        select k, 'EMT', 'single', 'Operations', 'Trauma', 3, false, '{"stem": "?", "options": []}'::jsonb
        from unnest(array['q-a', 'q-b']) k`);
      const studied = new Date('2026-11-20T10:00:00Z');
      // u1 flagged card-a (and answered it), answered card-b without a flag; u2 flagged card-a and card-c
      await db.execute(sql`
        insert into user_flashcard_interactions (user_id, flashcard_id, is_flagged, is_correct, is_wrong, last_studied_at)
        select u, f.id, flagged, correct, false, ${studied}::timestamptz from (values
          ('u1', 'card-a', true, true), ('u1', 'card-b', false, true), ('u2', 'card-a', true, false), ('u2', 'card-c', true, false)
        ) v(u, k, flagged, correct) join flashcards f on f.key = v.k`);
      const flaggedAt = new Date('2026-11-21T08:00:00Z');
      await db.execute(sql`
        insert into question_flags (user_id, item_key, created_at) values ('u1', 'q-a', ${flaggedAt}), ('u2', 'q-b', ${flaggedAt})`);

      await migrateDatabase(database);

      const { rows } = await db.execute<{ user_id: string; kind: string; key: string; mark: string; created_at: string | Date }>(
        sql`select user_id, kind, key, mark, created_at from item_marks order by user_id, kind, key`,
      );
      expect(rows.map((r) => [r.user_id, r.kind, r.key, r.mark, new Date(r.created_at).toISOString()])).toEqual([
        ['u1', 'flashcard', 'card-a', 'flag', studied.toISOString()],
        ['u1', 'question', 'q-a', 'flag', flaggedAt.toISOString()],
        ['u2', 'flashcard', 'card-a', 'flag', studied.toISOString()],
        ['u2', 'flashcard', 'card-c', 'flag', studied.toISOString()],
        ['u2', 'question', 'q-b', 'flag', flaggedAt.toISOString()],
      ]);
      // the answers stay where they were
      const answers = await db.execute<{ n: number }>(sql`select count(*)::int as n from user_flashcard_interactions where is_correct`);
      expect(Number(answers.rows[0]!.n)).toBe(2);
      const old = await db.execute<{ t: string | null; c: string | null }>(sql`
        select to_regclass('public.question_flags')::text as t,
          (select column_name from information_schema.columns
           where table_name = 'user_flashcard_interactions' and column_name = 'is_flagged') as c`);
      expect(old.rows[0]).toEqual({ t: null, c: null });
      await expect(db.execute(sql`insert into item_marks (user_id, kind, key, mark) values ('u1', 'drug', 'x', 'flag')`)).rejects.toThrow();
      await expect(
        db.execute(sql`insert into item_marks (user_id, kind, key, mark) values ('u1', 'video', 'x', 'star')`),
      ).rejects.toThrow();
    } finally {
      await database.close();
      await target.dispose();
    }
  }, 120_000);
});
