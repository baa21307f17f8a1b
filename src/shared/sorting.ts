import type { ContentLevel, CourseLevel } from './constants';
import type { SortingItem, SortingQuestion } from './contracts/sorting';
import { levelsOf } from './levels';

/** Sorting question rules shared by the Sorting screen and the API (docs/product.md §3, §4, §5 and §9). */

/** A question and its items as the API sends them: the contract's types. */
export type { SortingItem, SortingQuestion } from './contracts/sorting';

/** The exam note behind the info button (docs/product.md §9). */
export const SORTING_INFO_TEXT =
  'This question style was added to the national exams in 2024 and 2025. All parts must be right for credit: if any item is sorted into the wrong category, the whole question is marked incorrect.';

export const SORTING_EMPTY = {
  title: 'No Questions Available',
  text: 'There are currently no sorting questions available for your course level.',
} as const;

/** The content levels of the questions a student is given; Both sees both. */
export function sortingLevelsFor(courseLevel: CourseLevel): ContentLevel[] {
  return levelsOf(courseLevel);
}

/** A question's categories: the distinct correct answers, in order of first appearance. */
export function questionCategories(items: readonly Pick<SortingItem, 'correctAnswer'>[]): string[] {
  return [...new Set(items.map((i) => i.correctAnswer))];
}

/** Answers chosen so far, by itemKey. */
export type SortingAnswers = Readonly<Record<string, string | undefined>>;

/** Submit is allowed only when every item has a choice. */
export function canSubmit(question: Pick<SortingQuestion, 'items'>, answers: SortingAnswers): boolean {
  return question.items.length > 0 && question.items.every((i) => Boolean(answers[i.itemKey]));
}

/** An item is correct if its choice equals the correct answer. */
export function isItemCorrect(item: SortingItem, answers: SortingAnswers): boolean {
  return answers[item.itemKey] === item.correctAnswer;
}

export interface SortingResult {
  /** items sorted correctly */
  score: number;
  total: number;
  /** rounded percent of items correct */
  percentage: number;
  /** all-or-nothing: the question counts only when every item is right */
  passed: boolean;
  items: { item: SortingItem; chosen: string | null; correct: boolean }[];
}

export function gradeQuestion(question: Pick<SortingQuestion, 'items'>, answers: SortingAnswers): SortingResult {
  const items = question.items.map((item) => ({ item, chosen: answers[item.itemKey] ?? null, correct: isItemCorrect(item, answers) }));
  const score = items.filter((i) => i.correct).length;
  const total = items.length;
  return { score, total, percentage: total === 0 ? 0 : Math.round((score / total) * 100), passed: total > 0 && score === total, items };
}

/** Fisher–Yates with an injectable random source, so tests can fix the order. */
export function shuffle<T>(list: readonly T[], random: () => number = Math.random): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The study order: uncompleted questions first, shuffled, then completed ones, shuffled (docs/product.md §4). */
export function orderQuestions<T extends { questionId: number }>(
  questions: readonly T[],
  completed: ReadonlySet<number>,
  random: () => number = Math.random,
): T[] {
  const open = questions.filter((q) => !completed.has(q.questionId));
  const done = questions.filter((q) => completed.has(q.questionId));
  return [...shuffle(open, random), ...shuffle(done, random)];
}

/** The order with the question `lead` moved first (a search result opens it), the rest as they were; unchanged when absent. */
export function withLead<T extends { questionId: number }>(ordered: readonly T[], lead: number | null): T[] {
  const i = lead === null ? -1 : ordered.findIndex((q) => q.questionId === lead);
  return i < 0 ? [...ordered] : [ordered[i]!, ...ordered.slice(0, i), ...ordered.slice(i + 1)];
}

/** The counter "{n} done · {m} remaining" over the questions on offer. */
export function progressText(questions: readonly { questionId: number }[], completed: ReadonlySet<number>): string {
  const done = questions.filter((q) => completed.has(q.questionId)).length;
  return `${done} done · ${questions.length - done} remaining`;
}

/** Question ids from stored progress (local storage or events), ignoring anything that is not one. */
export function parseCompletedIds(values: readonly unknown[]): number[] {
  const ids = new Set<number>();
  for (const v of values) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n > 0) ids.add(n);
  }
  return [...ids];
}
