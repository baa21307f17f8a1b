import { z } from 'zod';
import { COURSE_LEVELS } from '../constants';

// The sorting questions API's contract (decision 035).

export const sortingItem = z.strictObject({
  itemKey: z.string(),
  /** the thing being sorted (the specification's column is named medication) */
  medication: z.string(),
  correctAnswer: z.string(),
  /** why this item belongs where it does (decision 061): optional until every content file has one */
  rationale: z.string().nullable().optional(),
});
export type SortingItem = z.infer<typeof sortingItem>;

export const sortingQuestion = z.strictObject({
  questionId: z.number().int(),
  questionText: z.string(),
  /** the question's topic, e.g. Pharmacology */
  category: z.string(),
  items: z.array(sortingItem),
  /** the answer columns: the distinct correct answers, in order of first appearance */
  categories: z.array(z.string()),
  reference: z.string().nullable().optional(),
});
export type SortingQuestion = z.infer<typeof sortingQuestion>;

/** GET /api/sorting/questions: the questions for the caller's course level. */
export const sortingQuestionsResponse = z.strictObject({
  courseLevel: z.enum(COURSE_LEVELS),
  /** no question at all in the bank (not just none for this level): the client uses its built-in samples */
  databaseEmpty: z.boolean(),
  questions: z.array(sortingQuestion),
});
export type SortingQuestionsResponse = z.infer<typeof sortingQuestionsResponse>;
