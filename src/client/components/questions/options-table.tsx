import { useId } from 'react';
import type { PlacementsAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { cn } from '../../lib/cn';

/**
 * A table of radio rows: each row (an option) takes one column (a category). Each row is a radio group
 * named by the row's text, so a screen reader hears "Aspirin, Indicated, radio button, 1 of 2".
 */
export function OptionsTable({
  item,
  value,
  onChange,
}: {
  item: PublicItem;
  value: PlacementsAnswer;
  onChange: (a: PlacementsAnswer) => void;
}) {
  const categories = item.categories ?? [];
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-muted">Choose one column for each row.</legend>
      <div className="divide-y divide-line overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-line">
        {item.options.map((o) => (
          <div
            key={o.id}
            role="radiogroup"
            aria-labelledby={`${id}-${o.id}`}
            className="gap-4 px-4 py-3.5 sm:grid sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
          >
            <p id={`${id}-${o.id}`} className="pb-2.5 text-[15px] leading-snug text-ink sm:pb-0">
              {o.text}
            </p>
            <div className="flex flex-wrap gap-2">
              {categories.map((c) => {
                const checked = value.placements[o.id] === c;
                return (
                  <label
                    key={c}
                    className={cn(
                      'flex min-h-11 grow basis-24 cursor-pointer items-center justify-center rounded-xl px-3 py-1.5 text-center text-sm font-semibold leading-tight ring-1 ring-inset transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus sm:grow-0 sm:basis-auto sm:min-w-28',
                      checked ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-800 ring-line hover:bg-navy-50',
                    )}
                  >
                    <input
                      type="radio"
                      className="sr-only"
                      name={`${id}-row-${o.id}`}
                      value={c}
                      checked={checked}
                      onChange={() => onChange({ placements: { ...value.placements, [o.id]: c } })}
                    />
                    {c}
                  </label>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
