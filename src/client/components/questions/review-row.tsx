import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Icon } from '../icon';

/**
 * One answered question in a list of results (practice results, an exam's review): its number, a right / wrong mark and
 * the stem, opening to what `children` shows (the feedback and the reference).
 */
export function ReviewRow({
  n,
  correct,
  label,
  stem,
  children,
}: {
  n: number;
  correct: boolean;
  /** the mark's name for screen readers ("Correct", "Incorrect", "Not answered") */
  label: string;
  /** the stem, with anything shown after it */
  stem: ReactNode;
  children: ReactNode;
}) {
  return (
    <details className="group rounded-2xl ring-1 ring-line open:bg-canvas/60">
      <summary className="flex min-h-14 cursor-pointer list-none items-start gap-3 p-3.5 [&::-webkit-details-marker]:hidden">
        <span
          role="img"
          aria-label={label}
          className={cn(
            'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-white',
            correct ? 'bg-go-600' : 'bg-signal-500',
          )}
        >
          <Icon name={correct ? 'correct' : 'cross'} className="size-5 shrink-0" />
        </span>
        <span className="min-w-0 flex-1 text-[15px] leading-snug text-ink">
          <span className="font-semibold text-muted">{n}. </span>
          {stem}
        </span>
        <Icon name="chevron-down" className="size-5 shrink-0 mt-0.5 text-muted transition-transform group-open:rotate-180" />
      </summary>
      <div className="space-y-3 px-3.5 pb-4">{children}</div>
    </details>
  );
}
