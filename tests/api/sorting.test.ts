import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortingQuestions } from '../../src/server/db/schema';
import type { SortingQuestion } from '../../src/shared/sorting';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

interface Body {
  courseLevel: string;
  databaseEmpty: boolean;
  questions: SortingQuestion[];
}

describe.each(testDatabases())('sorting API on %s', (kind) => {
  let s: TestServer;
  let rows: (typeof sortingQuestions.$inferSelect)[];
  beforeAll(async () => {
    s = await startTestServer(kind);
    rows = await s.deps.database.db.select().from(sortingQuestions);
  });
  afterAll(async () => s?.close());

  const questions = async (cookie: string) => {
    const res = await s.request('/api/sorting/questions', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Body;
  };
  const idsOf = (level: string) =>
    [...new Set(rows.filter((r) => level === 'Both' || r.courseLevel === level).map((r) => r.questionId))].sort((a, b) => a - b);

  it('answers 401 to a visitor and 403 to a student without an active subscription', async () => {
    expect((await s.request('/api/sorting/questions')).status).toBe(401);
    const unsubscribed = await signedInUser(s, { courseLevel: 'Both' });
    const res = await s.request('/api/sorting/questions', { cookie: unsubscribed.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('gives each student the questions of their course level; Both sees both', async () => {
    expect(idsOf('Paramedic').length).toBeGreaterThan(0);
    expect(idsOf('EMT').length).toBeGreaterThan(0);
    for (const level of ['Paramedic', 'EMT', 'Both'] as const) {
      const body = await questions((await signedInUser(s, { activeDays: 30, courseLevel: level })).cookie);
      expect(body.courseLevel).toBe(level);
      expect(body.databaseEmpty).toBe(false);
      expect(body.questions.map((q) => q.questionId)).toEqual(idsOf(level));
    }
  });

  it('groups rows into questions with their items and categories (distinct correct answers, first-appearance order)', async () => {
    const body = await questions((await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' })).cookie);
    for (const q of body.questions) {
      const mine = rows.filter((r) => r.questionId === q.questionId).sort((a, b) => a.id - b.id);
      expect(q).toMatchObject({ questionText: mine[0]!.questionText, category: mine[0]!.category });
      expect(q.items).toEqual(
        mine.map((r) => ({ itemKey: r.itemKey, medication: r.medication, correctAnswer: r.correctAnswer, rationale: r.rationale })),
      );
      expect(q.categories).toEqual([...new Set(mine.map((r) => r.correctAnswer))]);
      expect(q.categories.length).toBeGreaterThanOrEqual(2);
    }
    const first = body.questions.find((q) => q.questionId === 1)!;
    expect(first.items[0]).toEqual({
      itemKey: 'lidocaine',
      medication: 'Lidocaine',
      correctAnswer: 'Class I (sodium channel blocker)',
      rationale: expect.stringContaining('sodium channels') as unknown,
    });
    expect(first.categories).toEqual([
      'Class I (sodium channel blocker)',
      'Class II (beta blocker)',
      'Class III (potassium channel blocker)',
      'Class IV (calcium channel blocker)',
    ]);
  });

  it('tells "none for your level" (empty state) from "no questions at all" (built-in samples)', async () => {
    const db = s.deps.database.db;
    const emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    try {
      await db.delete(sortingQuestions).where(eq(sortingQuestions.courseLevel, 'EMT'));
      expect(await questions(emt.cookie)).toMatchObject({ questions: [], databaseEmpty: false });
      await db.delete(sortingQuestions);
      expect(await questions(emt.cookie)).toMatchObject({ questions: [], databaseEmpty: true });
    } finally {
      await db.delete(sortingQuestions);
      await db.insert(sortingQuestions).values(rows);
    }
    expect((await questions(emt.cookie)).questions.map((q) => q.questionId)).toEqual(idsOf('EMT'));
  });
});
