import { forwardRef } from 'react';
import type { SortingResult } from '@shared/sorting';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** After Submit: the all-or-nothing verdict, each item marked with the right answer, and the way on. */
export const SortingResults = forwardRef<
  HTMLElement,
  { result: SortingResult; isLast: boolean; onNext: () => void; onComplete: () => void }
>(function SortingResults({ result, isLast, onNext, onComplete }, ref) {
  return (
    <section
      ref={ref}
      aria-labelledby="sorting-result-title"
      className="scroll-mt-4 overflow-hidden rounded-card bg-surface shadow-sm ring-1 ring-line/70"
    >
      <div className={cn('flex items-center gap-3 px-5 py-4 text-white', result.passed ? 'bg-go-600' : 'bg-signal-500')}>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/20 text-xl font-bold" aria-hidden="true">
          {result.passed ? '✓' : '✗'}
        </span>
        <div>
          <h3 id="sorting-result-title" className="text-lg font-bold leading-tight">
            {result.passed ? 'Correct: full credit' : 'Incorrect: no credit'}
          </h3>
          <p className="text-sm text-white/90">
            {result.score} of {result.total} items sorted correctly{result.passed ? '.' : '. All parts must be right for credit.'}
          </p>
        </div>
      </div>
      <ul className="divide-y divide-line/70 px-5">
        {result.items.map(({ item, chosen, correct }) => (
          <li key={item.itemKey} className="flex items-start gap-3 py-3">
            <span
              className={cn(
                'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white',
                correct ? 'bg-go-600' : 'bg-signal-500',
              )}
              aria-label={correct ? 'Correct' : 'Incorrect'}
            >
              {correct ? '✓' : '✗'}
            </span>
            <div className="min-w-0 text-[15px] leading-snug">
              <p className="font-semibold text-ink">{item.medication}</p>
              {correct ? (
                <p className="text-go-700">{item.correctAnswer}</p>
              ) : (
                <p className="text-muted">
                  <span className="text-signal-700 line-through decoration-signal-500/60">{chosen}</span> →{' '}
                  <span className="font-semibold text-go-700">{item.correctAnswer}</span>
                </p>
              )}
              {item.rationale && <p className="mt-1 text-sm leading-snug text-ink/80">{item.rationale}</p>}
            </div>
          </li>
        ))}
      </ul>
      <div className="border-t border-line/70 p-4">
        {isLast ? (
          <Button size="lg" onClick={onComplete}>
            Complete
          </Button>
        ) : (
          <Button size="lg" onClick={onNext}>
            Next Question
          </Button>
        )}
      </div>
    </section>
  );
});
