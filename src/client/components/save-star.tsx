import type { MarkKind } from '@shared/constants';
import { cn } from '../lib/cn';
import { useSavedMark } from '../lib/saved';
import { Icon } from './icon';

/**
 * The star beside an item's flag (decision 102): saves it to /saved, or takes it off. Shown at once; the write waits in the
 * outbox while offline. `tone` matches the surface it sits on (a card face, a dark bar).
 */
export function SaveStar({
  kind,
  itemKey,
  label,
  tone = 'light',
  className,
}: {
  kind: MarkKind;
  itemKey: string;
  /** what is saved, for screen readers ("Save this card") */
  label: string;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const { saved, toggle } = useSavedMark(kind, itemKey);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Saved: ${label}` : `Save ${label}`}
      onClick={(e) => {
        e.stopPropagation();
        toggle();
      }}
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-2.5 text-sm font-semibold transition-colors',
        saved
          ? tone === 'dark'
            ? 'text-amber-300 hover:bg-white/10'
            : 'text-amber-600 hover:bg-amber-50'
          : tone === 'dark'
            ? 'text-white/80 hover:bg-white/10 hover:text-white'
            : 'text-muted hover:bg-navy-50 hover:text-navy-900',
        className,
      )}
    >
      <Icon name="star" className={cn('size-5 shrink-0', saved && 'fill-current')} />
      <span>{saved ? 'Saved' : 'Save'}</span>
    </button>
  );
}
