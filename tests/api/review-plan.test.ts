import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { orderFor, reviewQueue, reviewStats } from '../../src/server/features/review/service';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// Decision 077: the due-queue read walks the student's (user_id, due) index and reaches each card's
// flashcard or question by its unique key (the figures' new-card count walks the shuffle index). A plain join to the item
// tables let PostgreSQL scan and hash the whole deck and bank on every read — the regression `npm run bench` measured when
// questions joined the queue. The planner's own EXPLAIN of the statements the queue and the figures send shows which way
// they go; their speed is measured by the bench.

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/** Every statement `run` sends through `db.execute`, sent on as well. */
async function statementsOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<SQL[]> {
  const sent: SQL[] = [];
  const spy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (query: SQL) => {
          sent.push(query);
          return target.execute(query);
        };
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  await run(spy);
  return sent;
}

describe.each(testDatabases())('the due-queue read on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  it('reaches flashcards and questions through their indexes, never by scanning or hashing the deck or the bank', async () => {
    const db = s.deps.database.db;
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    // 600 flashcard states and 60 question states of the shipped content, one in ten due.
    await db.execute(sql`
      insert into srs_cards (user_id, item_kind, item_key, state, due, stability, difficulty, scheduled_days, learning_steps, reps, lapses, last_review)
      select ${u.id}, kind, key, 2,
             case when n % 10 = 0 then now() - interval '1 hour' else now() + (1 + n % 30) * interval '1 day' end,
             10, 5, 10, 0, 3, 0, now() - interval '10 days'
      from (
        (select 'flashcard' as kind, key, row_number() over (order by key) as n from flashcards order by key limit 600)
        union all
        (select 'question', key, row_number() over (order by key) from question_items where not retired and pool = 'practice' order by key limit 60)
      ) t`);
    await db.execute(sql`analyze`);
    const statements = await statementsOf(db, async (spy) => {
      const queue = await reviewQueue({ ...s.deps, db: spy }, u.id, 'Both', orderFor('plan-test', u.id));
      expect(queue.due.filter((d) => d.kind === 'flashcard')).toHaveLength(60);
      expect(queue.due.filter((d) => d.kind === 'question')).toHaveLength(6);
      expect((await reviewStats({ ...s.deps, db: spy }, u.id, 'Both')).dueToday).toBe(66);
    });
    const dialect = new PgDialect();
    const onCards = statements.filter((q) => dialect.sqlToQuery(q).sql.includes('"srs_cards" s '));
    // the due read, the new cards with the next due time, and the figures
    expect(onCards).toHaveLength(3);
    for (const q of onCards) {
      const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (format json) ${q}`);
      const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      const items = nodes.filter((n) => n['Relation Name'] === 'flashcards' || n['Relation Name'] === 'question_items');
      expect(items.length).toBeGreaterThan(0);
      const shown = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']].filter(Boolean).join(' ')));
      for (const n of items) expect(['Index Scan', 'Index Only Scan'], shown).toContain(n['Node Type']);
      expect(
        nodes.some((n) => n['Node Type'].startsWith('Hash')),
        shown,
      ).toBe(false);
    }
  });
});
