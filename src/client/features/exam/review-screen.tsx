import { Link } from 'react-router';
import { FeedbackDetails } from '../../components/questions/feedback-details';
import { ReviewRow } from '../../components/questions/review-row';
import { ButtonLink } from '../../components/ui/button';
import { bandRange, VerdictBadge } from '../../components/questions/readiness-verdict';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useExam } from './api/get-exam';
import { useExamReview } from './api/get-exam-review';
import { LoadError } from '../../components/ui/load-error';

/**
 * Where the missed questions went: a missed question of the practice pool is in the daily review (decision 078); one of the
 * exam's own reserve is shown only here (decision 082), so its topic is what to practise.
 */
function MissedNote({ missed, inReview }: { missed: number; inReview: number }) {
  if (missed === 0) return null;
  const reserve = missed - inReview;
  const review = (
    <Link to="/review" className="font-semibold text-navy-800 underline underline-offset-2">
      review
    </Link>
  );
  return (
    <p className="mt-1 px-2 text-sm text-muted sm:px-0">
      {inReview > 0 && reserve === 0 && (
        <>
          {missed === 1 ? 'The question you missed is' : `The ${missed} questions you missed are`} in your daily {review}.
        </>
      )}
      {inReview > 0 && reserve > 0 && (
        <>
          {inReview} of the questions you missed {inReview === 1 ? 'is' : 'are'} in your daily {review}.{' '}
        </>
      )}
      {reserve > 0 &&
        (reserve === 1
          ? `${inReview > 0 ? 'The other one' : 'The question you missed'} comes from the exam's own questions and is shown only here: practise its topic to strengthen it.`
          : `${inReview > 0 ? `The other ${reserve}` : `The ${reserve} questions you missed`} come from the exam's own questions and are shown only here: practise their topics to strengthen them.`)}
    </p>
  );
}

/** Every scored item of an ended exam: the student's answer, the key and every option's rationale. */
export function ExamReviewScreen({ id }: { id: string }) {
  const q = useExamReview(id);
  // the result in the same words as its screen (cached from it when the student came from there)
  const exam = useExam(id);
  const result = exam.data?.result;
  return (
    <>
      <ScreenHeader title="Exam Review" backTo={`/exam/${id}`} />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {q.isPending && (
          <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-busy="true" aria-label="Loading" />
        )}
        {q.isError && <LoadError error={q.error} fallback="The review could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />}
        {result && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-2 px-2 text-[15px] text-ink sm:px-0" data-testid="review-verdict">
            <VerdictBadge verdict={result.verdict} className="text-sm" />
            <span>
              Readiness score <strong className="tabular-nums">{result.readiness.score}</strong>, {bandRange(result.readiness)}
            </span>
          </p>
        )}
        {q.data && (
          <section className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
            <h2 className="px-2 text-lg font-bold text-navy-900 sm:px-0">Scored questions ({q.data.items.length})</h2>
            <MissedNote missed={q.data.items.filter((r) => !r.correct).length} inReview={q.data.items.filter((r) => r.inReview).length} />
            <ol className="mt-3 space-y-2">
              {q.data.items.map((r, i) => (
                <li key={r.position}>
                  <ReviewRow n={i + 1} correct={r.correct} label={r.correct ? 'Correct' : 'Incorrect'} stem={r.item.stem}>
                    <FeedbackDetails
                      item={r.item}
                      answer={r.answer}
                      feedback={{
                        correct: r.correct,
                        key: r.key,
                        options: r.rationales,
                        reference: r.reference,
                        ...(r.parts ? { parts: r.parts } : {}),
                      }}
                    />
                    <p className="text-xs leading-relaxed text-muted">Reference: {r.reference}</p>
                  </ReviewRow>
                </li>
              ))}
            </ol>
          </section>
        )}
        <ButtonLink to={`/exam/${id}`} size="lg" variant="secondary">
          Back to the result
        </ButtonLink>
      </main>
    </>
  );
}
