import { asc, inArray, sql } from 'drizzle-orm';
import type { CourseLevel } from '../../../shared/constants';
import { questionCategories, sortingLevelsFor, type SortingQuestion } from '../../../shared/sorting';
import type { Db } from '../../db/client';
import { sortingQuestions as sq } from '../../db/schema';

/**
 * The sorting questions for a student's course level (Both sees both), rows grouped into questions
 * ordered by question id, items in the order the content lists them. `databaseEmpty` tells the
 * client that there is no question at all (it then uses its built-in samples), as opposed to none
 * for this level (it then shows the empty state).
 */
export async function listQuestions(
  db: Db,
  courseLevel: CourseLevel,
): Promise<{ courseLevel: CourseLevel; databaseEmpty: boolean; questions: SortingQuestion[] }> {
  const rows = await db
    .select({
      questionId: sq.questionId,
      questionText: sq.questionText,
      category: sq.category,
      itemKey: sq.itemKey,
      medication: sq.medication,
      correctAnswer: sq.correctAnswer,
      reference: sq.reference,
      rationale: sq.rationale,
    })
    .from(sq)
    .where(inArray(sq.courseLevel, sortingLevelsFor(courseLevel)))
    .orderBy(asc(sq.questionId), asc(sq.id));

  const byId = new Map<number, SortingQuestion>();
  for (const r of rows) {
    let q = byId.get(r.questionId);
    if (!q) {
      q = {
        questionId: r.questionId,
        questionText: r.questionText,
        category: r.category,
        items: [],
        categories: [],
        reference: r.reference,
      };
      byId.set(r.questionId, q);
    }
    q.items.push({ itemKey: r.itemKey, medication: r.medication, correctAnswer: r.correctAnswer, rationale: r.rationale });
  }
  const questions = [...byId.values()].map((q) => ({ ...q, categories: questionCategories(q.items) }));

  let databaseEmpty = false;
  if (questions.length === 0) {
    const [any] = await db.select({ n: sql<number>`count(*)::int` }).from(sq);
    databaseEmpty = (any?.n ?? 0) === 0;
  }
  return { courseLevel, databaseEmpty, questions };
}
