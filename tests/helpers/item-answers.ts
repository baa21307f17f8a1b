// Answers to question items in API tests: right or wrong, from the item as the student is shown it and its body as the
// database holds it (ids found by the options' texts, since every response shows the options in its own order).
import type { QuestionAnswer } from '../../src/shared/questions';
import type { PublicItem } from '../../src/shared/contracts/questions';

export type ItemBody = { options: { text: string; correct?: boolean; position?: number; category?: string }[]; categories?: string[] };
export type Shown = Pick<PublicItem, 'key' | 'type' | 'options'>;

/** The keyed answer of an item as shown (ids found by the options' texts). */
export function keyedFor(item: Shown, body: ItemBody): QuestionAnswer {
  const idOf = (text: string) => item.options.find((o) => o.text === text)!.id;
  switch (item.type) {
    case 'single':
      return { choice: idOf(body.options.find((o) => o.correct)!.text) };
    case 'multiple':
      return {
        choices: body.options
          .filter((o) => o.correct)
          .map((o) => idOf(o.text))
          .sort(),
      };
    case 'build_list':
      return { order: [...body.options].sort((a, b) => a.position! - b.position!).map((o) => idOf(o.text)) };
    default:
      return { placements: Object.fromEntries(body.options.map((o) => [idOf(o.text), o.category!])) };
  }
}
/** A wrong answer of the item's shape (all or nothing: a partial answer is wrong). */
export function wrongFor(item: Shown, body: ItemBody): QuestionAnswer {
  switch (item.type) {
    case 'single':
      return { choice: item.options.find((o) => o.text !== body.options.find((b) => b.correct)!.text)!.id };
    case 'multiple':
      return { choices: [] };
    case 'build_list':
      return { order: [] };
    default:
      return { placements: {} };
  }
}

/** Some answer of the item's shape, right or wrong (for a test that needs an answer accepted, not a verdict). */
export function anAnswer(item: Pick<PublicItem, 'type' | 'options' | 'selectCount' | 'categories'>): QuestionAnswer {
  const ids = item.options.map((o) => o.id);
  switch (item.type) {
    case 'single':
      return { choice: ids[0]! };
    case 'multiple':
      return { choices: ids.slice(0, item.selectCount ?? 2) };
    case 'build_list':
      return { order: ids };
    default:
      return { placements: Object.fromEntries(ids.map((id) => [id, item.categories![0]!])) };
  }
}
