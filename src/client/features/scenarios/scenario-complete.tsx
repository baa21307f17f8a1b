import { scorePercent, type StepRecord } from '@shared/scenario';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** The completion screen: the step journey and the score. */
export function ScenarioComplete({
  name,
  records,
  best,
  onRetry,
  onMenu,
}: {
  name: string;
  records: StepRecord[];
  best: number;
  onRetry: () => void;
  onMenu: () => void;
}) {
  const correct = records.filter((r) => r.correct).length;
  const percent = scorePercent(records);
  return (
    <div className="space-y-4">
      <section className="rounded-card bg-surface p-6 text-center ring-1 ring-line/70">
        <p className="text-sm font-bold uppercase tracking-wider text-signal-600">{name} complete</p>
        <p className="mt-2 text-5xl font-bold tracking-tight">{percent}%</p>
        <p className="mt-1 text-muted">
          {correct} of {records.length} steps correct · best {best}%
        </p>
        <p
          className={cn(
            'mt-3 inline-block rounded-full px-3 py-1 text-sm font-semibold',
            percent === 100 ? 'bg-go-100 text-go-700' : 'bg-amber-100 text-amber-600',
          )}
        >
          {percent === 100 ? 'Every decision right. Scenario mastered.' : 'Review the steps you missed and try again.'}
        </p>
      </section>
      <section className="rounded-card bg-surface p-5 ring-1 ring-line/70" aria-labelledby="journey">
        <h2 id="journey" className="font-bold">
          Your journey
        </h2>
        <ol className="mt-3 space-y-2">
          {records.map((r, i) => (
            <li key={i} className="flex gap-3 rounded-xl bg-navy-50 p-3">
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white',
                  r.correct ? 'bg-go-600' : 'bg-signal-500',
                )}
                aria-hidden="true"
              >
                {r.correct ? '✓' : '✗'}
              </span>
              <span className="min-w-0 text-sm">
                <span className="block font-semibold">
                  {i + 1}. {r.step}
                </span>
                <span className="block text-muted">
                  {r.correct ? 'Correct: ' : 'You chose: '}
                  {r.choice}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </section>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" size="lg" onClick={onRetry}>
          Try Again
        </Button>
        <Button size="lg" onClick={onMenu}>
          All Scenarios
        </Button>
      </div>
    </div>
  );
}
