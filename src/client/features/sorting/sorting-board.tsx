import type { SortingAnswers, SortingItem, SortingQuestion, SortingResult } from '@shared/sorting';
import { cn } from '../../lib/cn';
import { useMediaQuery } from './use-media-query';

type CellState = 'open' | 'right' | 'wrong' | 'answer' | 'other';

function cellState(item: SortingItem, category: string, answers: SortingAnswers, result: SortingResult | null): CellState {
  if (!result) return 'open';
  const chosen = answers[item.itemKey] === category;
  if (chosen) return category === item.correctAnswer ? 'right' : 'wrong';
  return category === item.correctAnswer ? 'answer' : 'other';
}

const tones: Record<CellState, string> = {
  open: 'bg-white ring-line hover:bg-navy-50 has-checked:bg-navy-50 has-checked:ring-2 has-checked:ring-navy-600 cursor-pointer',
  right: 'bg-go-100 ring-2 ring-go-600 text-go-700',
  wrong: 'bg-signal-100 ring-2 ring-signal-500 text-signal-700',
  answer: 'bg-go-100/50 text-go-700 ring-0 outline-2 outline-dashed -outline-offset-2 outline-go-600',
  other: 'bg-white ring-line opacity-60',
};

interface BoardProps {
  question: SortingQuestion;
  answers: SortingAnswers;
  result: SortingResult | null;
  onChoose: (itemKey: string, category: string) => void;
}

const dots: Record<CellState, string> = {
  open: 'border-muted/60 checked:border-navy-900',
  right: 'checked:border-go-600',
  wrong: 'checked:border-signal-500',
  answer: 'border-go-600/70',
  other: 'border-line',
};

function Radio({ question, item, category, answers, result, onChoose }: BoardProps & { item: SortingItem; category: string }) {
  return (
    <input
      type="radio"
      name={`sort-${question.questionId}-${item.itemKey}`}
      value={category}
      checked={answers[item.itemKey] === category}
      disabled={result !== null}
      onChange={() => onChoose(item.itemKey, category)}
      aria-label={`${item.medication}: ${category}`}
      className={cn(
        'size-5 shrink-0 cursor-pointer appearance-none rounded-full border-2 bg-white transition-[border-width,border-color] checked:border-[6px] disabled:cursor-default',
        dots[cellState(item, category, answers, result)],
      )}
    />
  );
}

function Mark({ correct }: { correct: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white',
        correct ? 'bg-go-600' : 'bg-signal-500',
      )}
      aria-label={correct ? 'Correct' : 'Incorrect'}
    >
      {correct ? '✓' : '✗'}
    </span>
  );
}

/** Items as rows and categories as radio columns; on phones each item is a card of choices. */
export function SortingBoard(props: BoardProps) {
  const wide = useMediaQuery('(min-width: 640px)');
  return wide ? <BoardTable {...props} /> : <BoardCards {...props} />;
}

function BoardTable(props: BoardProps) {
  const { question, answers, result } = props;
  return (
    <div className="-mx-1 overflow-x-auto">
      <table className="w-full border-separate border-spacing-x-1 border-spacing-y-1.5 text-left">
        <thead>
          <tr>
            <th scope="col" className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted">
              Item
            </th>
            {question.categories.map((c) => (
              <th
                key={c}
                scope="col"
                className="w-[18%] px-1 pb-1 text-center align-bottom text-[13px] font-bold leading-tight text-navy-900"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {question.items.map((item, row) => (
            <tr key={item.itemKey} data-item={item.itemKey} className={cn(row % 2 === 0 && '[&>*]:bg-navy-50/60')}>
              <th scope="row" className="rounded-l-xl px-3 py-2 text-[15px] font-semibold text-ink">
                <span className="flex items-center gap-2">
                  {result && <Mark correct={answers[item.itemKey] === item.correctAnswer} />}
                  {item.medication}
                </span>
              </th>
              {question.categories.map((c, i) => (
                <td key={c} className={cn('px-1 py-1 text-center', i === question.categories.length - 1 && 'rounded-r-xl')}>
                  <label
                    className={cn(
                      'mx-auto flex size-11 items-center justify-center rounded-full ring-1 ring-inset transition-colors',
                      tones[cellState(item, c, answers, result)],
                    )}
                  >
                    <Radio {...props} item={item} category={c} />
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BoardCards(props: BoardProps) {
  const { question, answers, result } = props;
  // Two columns only when they fill evenly and the labels fit; otherwise one choice per line.
  const twoColumns = question.categories.length % 2 === 0 && question.categories.every((c) => c.length <= 16);
  return (
    <ol className="space-y-3">
      {question.items.map((item, n) => (
        <li key={item.itemKey} data-item={item.itemKey}>
          <fieldset className="rounded-2xl bg-navy-50/60 p-3 ring-1 ring-line/70">
            <legend className="sr-only">{item.medication}</legend>
            <p className="mb-2.5 flex items-start gap-2 px-1 text-[15px] font-semibold leading-snug text-ink" aria-hidden="true">
              {result ? (
                <Mark correct={answers[item.itemKey] === item.correctAnswer} />
              ) : (
                <span className="w-5 shrink-0 pt-px text-sm tabular-nums text-muted">{n + 1}.</span>
              )}
              <span>{item.medication}</span>
            </p>
            <div className={cn('grid gap-2', twoColumns ? 'grid-cols-2' : 'grid-cols-1')}>
              {question.categories.map((c) => (
                <label
                  key={c}
                  className={cn(
                    'flex min-h-11 min-w-0 items-center gap-2.5 rounded-xl px-3 py-2 text-sm font-semibold ring-1 ring-inset transition-colors',
                    tones[cellState(item, c, answers, result)],
                  )}
                >
                  <Radio {...props} item={item} category={c} />
                  {/* long class names ("Sympathomimetic") hyphenate inside a phone's half-width box */}
                  <span className="min-w-0 leading-tight hyphens-auto [overflow-wrap:anywhere]">{c}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </li>
      ))}
    </ol>
  );
}
