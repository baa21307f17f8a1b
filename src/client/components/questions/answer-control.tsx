import type { QuestionAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { asMultiple, asOrder, asPlacements, asSingle } from './answer-state';
import { BuildList } from './build-list';
import { CategoryZones } from './category-zones';
import { MultipleChoice, SingleChoice } from './choice-controls';
import { OptionsTable } from './options-table';

/** The answer control of an item's type. */
export function AnswerControl({
  item,
  value,
  onChange,
}: {
  item: PublicItem;
  value: QuestionAnswer | null;
  onChange: (answer: QuestionAnswer) => void;
}) {
  switch (item.type) {
    case 'single':
      return <SingleChoice item={item} value={asSingle(value)} onChange={onChange} />;
    case 'multiple':
      return <MultipleChoice item={item} value={asMultiple(value)} onChange={onChange} />;
    case 'build_list':
      return <BuildList item={item} value={asOrder(value) ?? { order: item.options.map((o) => o.id) }} onChange={onChange} />;
    case 'options_table':
      return <OptionsTable item={item} value={asPlacements(value)} onChange={onChange} />;
    case 'drag_drop':
      return <CategoryZones item={item} value={asPlacements(value)} onChange={onChange} />;
  }
}
