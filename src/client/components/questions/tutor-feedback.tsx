import type { PublicItem, SessionAnswer } from '@shared/contracts/questions';
import { Spinner } from '../ui/spinner';
import { cn } from '../../lib/cn';
import { FeedbackDetails } from './feedback-details';
import { Icon } from '../icon';

/**
 * The verdict and the feedback after an answer (tutor practice, a question on /review): while the server checks the answer
 * (offline: until the connection returns) a note that it is saved; then Correct / Incorrect, every option's rationale and the
 * reference.
 */
export function TutorFeedback({
  item,
  given,
  feedbackRef,
  failure,
}: {
  item: Pick<PublicItem, 'type' | 'options'>;
  given: SessionAnswer;
  feedbackRef: React.RefObject<HTMLHeadingElement | null>;
  /** shown instead of the verdict when the server refused the answer */
  failure?: string;
}) {
  const fb = given.feedback;
  const pending = failure ?? 'Answer saved. Checking it — if you are offline, the feedback appears when you are back online.';
  // One heading element whether the verdict is in or still on its way, so focus stays on it when it arrives.
  return (
    <div className="space-y-4">
      <div
        aria-live="polite"
        className={cn(
          'flex items-center gap-3 rounded-2xl p-4',
          !fb ? 'bg-navy-50 text-navy-800' : fb.correct ? 'bg-go-100 text-go-700' : 'bg-signal-50 text-signal-700',
        )}
      >
        {fb ? (
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full text-white',
              fb.correct ? 'bg-go-600' : 'bg-signal-500',
            )}
          >
            <Icon name={fb.correct ? 'correct' : 'cross'} className="size-5 shrink-0" />
          </span>
        ) : failure ? null : (
          <Spinner className="size-5 shrink-0" />
        )}
        <h3 ref={feedbackRef} tabIndex={-1} className={cn('outline-none', fb ? 'text-xl font-bold' : 'text-[15px] font-normal')}>
          {fb ? (fb.correct ? 'Correct' : 'Incorrect') : pending}
        </h3>
      </div>
      {fb && (
        <>
          <FeedbackDetails item={item} answer={given.answer} feedback={fb} />
          <p className="text-xs leading-relaxed text-muted">Reference: {fb.reference}</p>
        </>
      )}
    </div>
  );
}
