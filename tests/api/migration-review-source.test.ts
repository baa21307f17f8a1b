import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, migrationsFolder, openDatabase } from '../../src/server/db/client';

// Migration 0011 (decision 078): review logs gain their `source`. Logs written before it are sorted as far as the data tells:
// an exam's miss (grade Again at the exam's end), a practice answer (beside its attempt, same verdict); the rest stay 'review'.

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

describe('migration 0011_review_log_source', () => {
  it("sorts the logs written before it: exam misses, practice answers, the rest 'review'", async () => {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    try {
      const db = database.db;
      await migrate(db as never, { migrationsFolder: migrationsBefore('0011_review_log_source') });
      const ended = new Date('2026-11-20T10:00:00Z');
      await db.execute(
        sql`insert into users (id, name, email, first_name, last_name) values ('u1', 'Ann Lee', 'ann@example.com', 'Ann', 'Lee')`,
      );
      await db.execute(sql`
        insert into question_items (key, level, type, domain, topic, difficulty, pediatric, body)
        select k, 'EMT', 'single', 'Operations', 'Trauma', 3, false, '{"stem": "?", "options": []}'::jsonb
        from unnest(array['q-exam', 'q-exam-pilot', 'q-practice', 'q-review']) k`);
      const exam = '00000000-0000-4000-8000-000000000001';
      await db.execute(sql`
        insert into exams (id, user_id, level, started_at, deadline, pilot_positions, excluded_keys, ended_at)
        values (${exam}, 'u1', 'EMT', ${new Date('2026-11-20T09:00:00Z')}, ${new Date('2026-11-20T11:00:00Z')}, '[2]', '[]', ${ended})`);
      await db.execute(sql`
        insert into exam_items (exam_id, position, item_key, perm, pilot, domain, b, given_at, correct, answered_at)
        values (${exam}, 1, 'q-exam', '[0]', false, 'Operations', 0, ${ended}, false, ${ended}),
               (${exam}, 2, 'q-exam-pilot', '[0]', true, 'Operations', 0, ${ended}, false, ${ended})`);
      const session = '00000000-0000-4000-8000-000000000002';
      await db.execute(sql`
        insert into question_sessions (id, user_id, level, mode, settings, items) values (${session}, 'u1', 'EMT', 'tutor', '{}', '[]')`);
      await db.execute(sql`
        insert into question_attempts (session_id, user_id, item_key, answer, correct, time_ms, mode, client_id, created_at)
        values (${session}, 'u1', 'q-practice', '{}', true, 1000, 'tutor', 'c1', ${new Date('2026-11-21T08:00:00Z')})`);
      const log = (n: number, kind: string, key: string, grade: number, at: Date) => sql`
        insert into srs_review_logs (user_id, client_id, item_kind, item_key, grade, reviewed_at, elapsed_days, state_before, state_after,
          stability_before, stability_after, difficulty_before, difficulty_after, due_before, due_after, scheduled_days)
        values ('u1', ${`00000000-0000-4000-8000-00000000010${n}`}::uuid, ${kind}, ${key}, ${grade}, ${at}, 0, 0, 1, 0, 1, 0, 5, ${at}, ${at}, 0)`;
      await db.execute(log(1, 'question', 'q-exam', 1, ended));
      await db.execute(log(2, 'question', 'q-practice', 3, new Date('2026-11-21T08:00:00.250Z')));
      // the same question answered on /review a day later
      await db.execute(log(3, 'question', 'q-practice', 1, new Date('2026-11-22T08:00:00Z')));
      await db.execute(log(4, 'question', 'q-review', 3, new Date('2026-11-22T09:00:00Z')));
      await db.execute(log(5, 'flashcard', 'card-1', 3, new Date('2026-11-22T09:00:00Z')));

      await migrateDatabase(database);
      const { rows } = await db.execute<{ item_key: string; source: string }>(
        sql`select item_key, source from srs_review_logs order by client_id`,
      );
      expect(rows.map((r) => [r.item_key, r.source])).toEqual([
        ['q-exam', 'exam'],
        ['q-practice', 'practice'],
        ['q-practice', 'review'],
        ['q-review', 'review'],
        ['card-1', 'review'],
      ]);
      await expect(db.execute(sql`update srs_review_logs set source = 'elsewhere' where item_key = 'card-1'`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
