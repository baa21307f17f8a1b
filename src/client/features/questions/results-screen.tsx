import { useEffect, useId, useRef } from 'react';
import type { QuestionSession, SessionResults } from '@shared/contracts/questions';
import { ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { FeedbackDetails } from '../../components/questions/feedback-details';
import { ReviewRow } from '../../components/questions/review-row';

const percent = (correct: number, total: number) => (total === 0 ? 0 : Math.round((correct / total) * 100));

/** "1 h 2 min", "4 min 5 s", "38 s" */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** The end of a session: the score, the time, a bar per domain and every item to review with its rationales. */
export function ResultsScreen({ session, results }: { session: QuestionSession; results: SessionResults }) {
  const pct = percent(results.score, results.total);
  const itemsByKey = new Map(session.items.map((i) => [i.key, i]));
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The results replace the quiz in the same route: start at their top with the score in view, and tell screen readers
  // where they are (the quiz's Submit, far down the page, had the focus).
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <>
      <ScreenHeader
        wide
        title="Results"
        subtitle={`${session.level} · ${session.mode === 'tutor' ? 'Tutor mode' : 'Timed quiz'}`}
        backTo="/questions"
      />
      {/* a laptop has the score and the domains beside the items to review */}
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5 lg:grid lg:max-w-6xl lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start lg:gap-6 lg:space-y-0 lg:px-8">
        <div className="space-y-4">
          <section className="rounded-card bg-surface p-6 text-center shadow-sm ring-1 ring-line/70" aria-labelledby={headingId}>
            <div
              className="mx-auto flex size-28 items-center justify-center rounded-full"
              style={{ background: `conic-gradient(var(--color-go-600) ${pct * 3.6}deg, var(--color-navy-100) 0deg)` }}
              aria-hidden="true"
            >
              <span className="flex size-22 items-center justify-center rounded-full bg-white text-2xl font-bold tabular-nums text-navy-900">
                {pct}%
              </span>
            </div>
            <h2 ref={headingRef} id={headingId} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight text-navy-900 outline-none">
              {results.score} of {results.total} correct
            </h2>
            <p className="mt-1 text-[15px] text-muted">Time: {duration(results.timeMs)}</p>
          </section>

          <section className="rounded-card bg-surface p-6 shadow-sm ring-1 ring-line/70">
            <h2 className="text-lg font-bold text-navy-900">By domain</h2>
            <ul className="mt-4 space-y-4">
              {results.byDomain.map((d) => {
                const p = percent(d.correct, d.total);
                return (
                  <li key={d.domain}>
                    <div className="flex items-baseline justify-between gap-3 text-[15px]">
                      <span className="font-semibold text-ink">{d.domain}</span>
                      <span className="shrink-0 tabular-nums text-muted">
                        {d.correct} of {d.total}
                      </span>
                    </div>
                    <div
                      className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-navy-100"
                      role="meter"
                      aria-label={`${d.domain}: ${p}% correct`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={p}
                    >
                      <div
                        className={cn('h-full rounded-full', p >= 70 ? 'bg-go-600' : p >= 50 ? 'bg-amber-600' : 'bg-signal-500')}
                        style={{ width: `${Math.max(p, 2)}%` }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>

          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            <ButtonLink to="/questions" size="lg">
              New practice session
            </ButtonLink>
            <ButtonLink to="/home" size="lg" variant="secondary">
              Home
            </ButtonLink>
          </div>
        </div>
        <section className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
          <h2 className="px-2 text-lg font-bold text-navy-900 sm:px-0">Review</h2>
          <ol className="mt-3 space-y-2">
            {results.items.map((r, i) => {
              const item = itemsByKey.get(r.key);
              return (
                <li key={r.key}>
                  <ReviewRow
                    n={i + 1}
                    correct={r.correct}
                    label={r.correct ? 'Correct' : r.answer ? 'Incorrect' : 'Not answered'}
                    stem={
                      <>
                        {r.stem}
                        {!r.answer && <span className="ml-1 text-sm font-semibold text-signal-600">(not answered)</span>}
                      </>
                    }
                  >
                    {item && <FeedbackDetails item={item} answer={r.answer} feedback={r.feedback} />}
                    <p className="text-xs leading-relaxed text-muted">Reference: {r.feedback.reference}</p>
                  </ReviewRow>
                </li>
              );
            })}
          </ol>
        </section>
      </main>
    </>
  );
}
