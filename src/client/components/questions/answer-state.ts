import type { BuildListAnswer, MultipleAnswer, PlacementsAnswer, QuestionAnswer, SingleAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';

/** The answer a control starts with: nothing chosen, or for a build list the order shown. */
export function initialAnswer(item: PublicItem): QuestionAnswer | null {
  return item.type === 'build_list' ? { order: item.options.map((o) => o.id) } : null;
}

/** Why the student cannot submit yet, or null when the answer is complete. */
export function incompleteReason(item: PublicItem, answer: QuestionAnswer | null): string | null {
  switch (item.type) {
    case 'single':
      return answer && 'choice' in answer ? null : 'Choose an answer first.';
    case 'multiple': {
      const n = item.selectCount ?? 2;
      const chosen = answer && 'choices' in answer ? answer.choices.length : 0;
      return chosen === n ? null : `Select ${n} answers (${chosen} chosen).`;
    }
    case 'build_list':
      return null;
    case 'options_table':
    case 'drag_drop': {
      const placed = answer && 'placements' in answer ? Object.keys(answer.placements).length : 0;
      const left = item.options.length - placed;
      if (left === 0) return null;
      return item.type === 'options_table' ? `Choose a column for every row (${left} left).` : `Place every item in a zone (${left} left).`;
    }
  }
}

export const asSingle = (a: QuestionAnswer | null): SingleAnswer | null => (a && 'choice' in a ? a : null);
export const asMultiple = (a: QuestionAnswer | null): MultipleAnswer => (a && 'choices' in a ? a : { choices: [] });
export const asOrder = (a: QuestionAnswer | null): BuildListAnswer | null => (a && 'order' in a ? a : null);
export const asPlacements = (a: QuestionAnswer | null): PlacementsAnswer => (a && 'placements' in a ? a : { placements: {} });

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six'];
export const countWord = (n: number) => numberWords[n] ?? String(n);
