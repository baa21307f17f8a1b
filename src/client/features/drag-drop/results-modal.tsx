import { resultMessage, ZONE_LABELS, type DragDropTherapy, type ScoreResult } from '@shared/drag-drop';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { cn } from '../../lib/cn';

/** The score after Check Answers: pass at 70%, the therapies misplaced, and the way on. */
export function ResultsModal({
  open,
  onOpenChange,
  result,
  therapies,
  isLast,
  onNext,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  result: ScoreResult;
  therapies: DragDropTherapy[];
  isLast: boolean;
  onNext: () => void;
}) {
  const message = resultMessage(result);
  const missed = therapies.filter((t) => !result.marks[t.therapyKey]);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={message.title} description={message.body}>
      <div className="flex items-center gap-4 rounded-2xl bg-navy-50 p-4">
        <span
          className={cn(
            'flex size-20 shrink-0 items-center justify-center rounded-full text-2xl font-bold text-white',
            result.passed ? 'bg-go-600' : 'bg-signal-500',
          )}
        >
          {result.percentage}%
        </span>
        <div>
          <p className="text-lg font-bold text-navy-900" data-testid="result-score">
            {result.correct} / {result.total} correct
          </p>
          <p className={cn('text-sm font-semibold', result.passed ? 'text-go-700' : 'text-signal-700')}>
            {result.passed ? 'Passed' : 'Not passed yet'} · 70% to pass
          </p>
        </div>
      </div>
      {missed.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-bold text-navy-900">To review</h3>
          <ul className="mt-2 space-y-2">
            {missed.map((t) => (
              <li key={t.therapyKey} className="rounded-xl bg-signal-50 px-3 py-2 text-sm ring-1 ring-inset ring-signal-500/20">
                <span className="text-ink">{t.therapyName}</span>
                <span className="mt-0.5 block font-semibold text-signal-700">
                  Belongs in {ZONE_LABELS[t.indicated ? 'indicated' : 'not_indicated']}
                </span>
                {t.rationale && <span className="mt-1 block leading-snug text-ink/80">{t.rationale}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button size="lg" variant="secondary" onClick={() => onOpenChange(false)}>
          Review Answers
        </Button>
        <Button size="lg" onClick={onNext}>
          {isLast ? 'Continue Studying' : 'Next Scenario'}
        </Button>
      </div>
    </Modal>
  );
}
