import type { MultipleAnswer, SingleAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { cn } from '../../lib/cn';
import { countWord } from './answer-state';

export const optionCard =
  'flex min-h-14 cursor-pointer items-start gap-3 rounded-2xl bg-white p-4 text-[15px] leading-snug text-ink shadow-sm ring-1 ring-line transition-colors hover:bg-navy-50/60 has-[:checked]:bg-navy-50 has-[:checked]:ring-2 has-[:checked]:ring-navy-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus';
const letter = 'mt-px flex size-6 shrink-0 items-center justify-center rounded-full bg-navy-50 text-xs font-bold uppercase text-navy-800';

/** Radio buttons: one answer. */
export function SingleChoice({
  item,
  value,
  onChange,
}: {
  item: PublicItem;
  value: SingleAnswer | null;
  onChange: (answer: SingleAnswer) => void;
}) {
  return (
    <fieldset className="space-y-2.5">
      <legend className="mb-3 text-sm font-semibold text-muted">Choose one answer</legend>
      {item.options.map((o, i) => (
        <label key={o.id} className={optionCard}>
          <input
            type="radio"
            className="mt-0.5 size-5 shrink-0 accent-navy-900 focus-visible:outline-none"
            name={`answer-${item.key}`}
            value={o.id}
            checked={value?.choice === o.id}
            onChange={() => onChange({ choice: o.id })}
          />
          <span className={letter} aria-hidden="true">
            {String.fromCharCode(97 + i)}
          </span>
          <span className="min-w-0 flex-1">{o.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Checkboxes that stop at the number the stem states: the rest turn off once that many are chosen. */
export function MultipleChoice({
  item,
  value,
  onChange,
}: {
  item: PublicItem;
  value: MultipleAnswer;
  onChange: (answer: MultipleAnswer) => void;
}) {
  const n = item.selectCount ?? 2;
  const chosen = new Set(value.choices);
  const full = chosen.size >= n;
  const toggle = (id: string) =>
    onChange({ choices: chosen.has(id) ? value.choices.filter((c) => c !== id) : full ? value.choices : [...value.choices, id] });
  return (
    <fieldset className="space-y-2.5">
      <legend className="mb-3 flex w-full flex-wrap items-baseline justify-between gap-x-3 text-sm font-semibold text-muted">
        <span>Select {countWord(n)}</span>
        <span className={cn('tabular-nums', full && 'text-go-700')} aria-live="polite">
          {chosen.size} of {n} chosen
        </span>
      </legend>
      {item.options.map((o, i) => {
        const off = full && !chosen.has(o.id);
        return (
          <label key={o.id} className={cn(optionCard, off && 'cursor-not-allowed opacity-55 hover:bg-white')}>
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-navy-900 focus-visible:outline-none"
              value={o.id}
              checked={chosen.has(o.id)}
              disabled={off}
              onChange={() => toggle(o.id)}
            />
            <span className={letter} aria-hidden="true">
              {String.fromCharCode(97 + i)}
            </span>
            <span className="min-w-0 flex-1">{o.text}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
