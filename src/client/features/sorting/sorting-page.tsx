import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { canSubmit, progressText, SORTING_EMPTY, SORTING_INFO_TEXT } from '@shared/sorting';
import { Alert } from '../../components/ui/alert';
import { AlreadyCompleted } from '../../components/ui/already-completed';
import { Button, ButtonLink } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useFeatureSession } from '../../lib/use-feature-session';
import { SortingBoard } from './sorting-board';
import { SortingResults } from './sorting-results';
import { useSorting } from './use-sorting';
import { Icon } from '../../components/icon';

/** Sorting Questions (/sorting): docs/product.md §2, §4, §5, §8 and §9. */
export default function SortingPage() {
  useFeatureSession('sorting');
  // ?question=<id>: a search result opens that question first
  const [params] = useSearchParams();
  const s = useSorting(Number(params.get('question')) || null);
  const navigate = useNavigate();
  const [info, setInfo] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const q = s.question;
  const answered = q ? q.items.filter((i) => s.answers[i.itemKey]).length : 0;

  useEffect(() => {
    if (s.result) resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [s.result]);

  function next() {
    s.next();
    topRef.current?.scrollIntoView({ block: 'start' });
  }

  return (
    <>
      <div ref={topRef} />
      <ScreenHeader
        title="Sorting Questions"
        subtitle="Sort every item into its category."
        action={
          <button
            type="button"
            onClick={() => setInfo(true)}
            aria-label="About sorting questions"
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-inset ring-white/25 hover:bg-white/20"
          >
            <Icon name="info-ring" className="size-6" />
          </button>
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {s.source === 'samples-failed' && (
          <Alert tone="warning">
            The question bank could not be loaded, so these are sample questions.{' '}
            <button className="font-semibold underline" onClick={s.retry}>
              Try again
            </button>
          </Alert>
        )}
        {s.status === 'loading' ? (
          <div className="space-y-3" role="status" aria-label="Loading questions">
            <div className="h-8 w-48 animate-pulse rounded-full bg-white ring-1 ring-line/70" />
            <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
          </div>
        ) : !q ? (
          <section className="flex flex-col items-center rounded-card bg-surface px-6 py-10 text-center shadow-sm ring-1 ring-line/70">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-50 text-navy-700" aria-hidden="true">
              <Icon name="sort" className="size-7" />
            </span>
            <h2 className="mt-4 text-xl font-bold text-navy-900">{SORTING_EMPTY.title}</h2>
            <p className="mt-1.5 max-w-sm text-[15px] text-muted">{SORTING_EMPTY.text}</p>
            <ButtonLink to="/" className="mt-6 w-full max-w-xs">
              Return Home
            </ButtonLink>
          </section>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="rounded-full bg-navy-100 px-3 py-1 text-xs font-bold uppercase tracking-wider text-navy-800">
                {q.category}
                {s.source === 'samples-empty' || s.source === 'samples-failed' ? ' · Sample' : ''}
              </span>
              <span
                className="rounded-full bg-white px-3 py-1 text-sm font-semibold tabular-nums text-navy-900 ring-1 ring-line"
                aria-live="polite"
                data-testid="sorting-progress"
              >
                {progressText(s.questions, s.completed)}
              </span>
            </div>
            <AlreadyCompleted itemKey={String(q.questionId)} completed={s.completed.has(q.questionId)} />
            <section aria-labelledby="sorting-question" className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
              <p className="text-xs font-semibold uppercase tracking-wider text-muted">
                Question {s.index + 1} of {s.questions.length}
              </p>
              <h2 id="sorting-question" className="mt-1 text-lg font-bold leading-snug text-navy-900 sm:text-xl">
                {q.questionText}
              </h2>
              <p className="mb-4 mt-1 text-sm text-muted">Choose one category for each item.</p>
              <SortingBoard question={q} answers={s.answers} result={s.result} onChoose={s.choose} />
              {q.reference && <p className="mt-4 text-xs leading-relaxed text-muted">Reference: {q.reference}</p>}
            </section>
            {s.result ? (
              <SortingResults ref={resultsRef} result={s.result} isLast={s.isLast} onNext={next} onComplete={() => navigate('/')} />
            ) : (
              <div
                data-sticky-actions
                className="sticky bottom-[calc(env(safe-area-inset-bottom)+4rem)] z-10 -mx-4 border-t border-line/70 bg-canvas/95 px-4 pb-2 pt-3 backdrop-blur"
              >
                <Button size="lg" disabled={!canSubmit(q, s.answers)} onClick={s.submit}>
                  Submit Answer
                </Button>
                <p className="mt-1.5 text-center text-xs font-semibold text-muted" aria-live="polite">
                  {answered} of {q.items.length} sorted
                </p>
              </div>
            )}
          </>
        )}
      </main>
      <Modal open={info} onOpenChange={setInfo} title="About Sorting Questions">
        <p className="text-[15px] leading-relaxed text-ink">{SORTING_INFO_TEXT}</p>
        <Button className="mt-6 w-full" onClick={() => setInfo(false)}>
          Got it
        </Button>
      </Modal>
    </>
  );
}
