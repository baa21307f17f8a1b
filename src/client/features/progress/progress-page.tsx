import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { ContentLevel } from '@shared/constants';
import { ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { DomainStandings } from '../../components/questions/domain-standings';
import { useProgress } from './api/get-progress';
import { useReviewStats } from './api/get-review-stats';
import { bandRange, StandardNote, VerdictBadge } from '../../components/questions/readiness-verdict';
import { LoadError } from '../../components/ui/load-error';
import { DOMAIN_STANDING_MIN_ANSWERS } from '@shared/exam';
import { WeeklyBars } from './weekly-bars';

const ReadinessChart = lazy(() => import('./readiness-chart'));

const card = 'rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70 sm:p-6';

/**
 * /progress: readiness over time, domain standings from all practice, weekly figures and the review queue's.
 * `resultsSection`: the NREMT result report another feature adds for the student's levels (the app composes it).
 */
export default function ProgressPage({ resultsSection }: { resultsSection?: (levels: ContentLevel[]) => ReactNode } = {}) {
  const [level, setLevel] = useState<ContentLevel | null>(null);
  const q = useProgress(level);
  const review = useReviewStats();
  const p = q.data;
  const last = p?.exams.at(-1);
  // a link to a section (the plan's "Report your result" → #nremt-heading): the router does not scroll to it, and the section
  // exists only once the progress has loaded
  const { hash } = useLocation();
  const loaded = Boolean(p);
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <>
      <ScreenHeader wide title="Progress" subtitle={p?.level} backTo="/home" />
      {/* a laptop has two columns: readiness and the week's study beside the domains and the review queue */}
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5 lg:grid lg:max-w-6xl lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0 lg:px-8">
        {q.isPending && (
          <div
            className="h-72 animate-pulse rounded-card bg-white ring-1 ring-line/70 lg:col-span-2"
            aria-busy="true"
            aria-label="Loading"
          />
        )}
        {q.isError && (
          <LoadError error={q.error} fallback="Your progress could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />
        )}
        {p && p.levels.length > 1 && (
          <div className="flex gap-2 lg:col-span-2" role="group" aria-label="Level">
            {p.levels.map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={p.level === l}
                onClick={() => setLevel(l)}
                className={cn(
                  'min-h-11 rounded-xl px-4 font-semibold ring-1 ring-line',
                  p.level === l && 'bg-navy-900 text-white ring-navy-900',
                )}
              >
                {l}
              </button>
            ))}
          </div>
        )}
        {p && (
          <section className={card} aria-labelledby="readiness-heading">
            <h2 id="readiness-heading" className="text-lg font-bold text-navy-900">
              Readiness
            </h2>
            {last ? (
              <>
                <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-[15px] text-ink">
                  <VerdictBadge verdict={last.verdict} className="text-sm" />
                  <span>
                    Latest: <strong className="tabular-nums">{last.readiness.score}</strong>, {bandRange(last.readiness)}
                  </span>
                </p>
                <div className="mt-3">
                  <Suspense fallback={<div className="h-60 animate-pulse rounded-xl bg-canvas" />}>
                    <ReadinessChart exams={p.exams} />
                  </Suspense>
                </div>
                <p className="mt-2 text-xs leading-relaxed text-muted">
                  Readiness is on a 100–1500 scale with 950 at MedicPrep&apos;s passing standard; the shaded band is where each score likely
                  lies. It is MedicPrep&apos;s estimate, not an NREMT score.
                </p>
                <StandardNote standard={p.standard} className="mt-2 text-xs" />
              </>
            ) : (
              <div className="mt-2 space-y-3">
                <p className="text-[15px] text-muted">
                  No estimate yet. Sit a practice exam to get your first verdict and readiness score; each exam adds a point to this chart.
                </p>
                <ButtonLink to="/exam" size="lg">
                  Start Practice Exam
                </ButtonLink>
              </div>
            )}
          </section>
        )}
        {p && (
          <section className={card}>
            <h2 className="text-lg font-bold text-navy-900">Domains</h2>
            {p.domains.some((d) => d.answered > 0) ? (
              <>
                <DomainStandings
                  domains={p.domains.map((d) => ({
                    domain: d.domain,
                    note: d.standing ? `${d.answered} answered` : `${d.answered} of ${DOMAIN_STANDING_MIN_ANSWERS} answers`,
                    standing: d.standing,
                  }))}
                  none="Too few answers yet"
                />
                <p className="mt-3 text-xs leading-relaxed text-muted">
                  A domain shows where you stand once it has {DOMAIN_STANDING_MIN_ANSWERS} answers: fewer say too little. Above or Below:
                  more than one standard error from the passing standard; Near: within it.
                </p>
              </>
            ) : (
              <p className="mt-2 text-[15px] text-muted">
                Answer questions in the Question Bank or a practice exam to see where you stand in each domain. A domain shows its standing
                once it has {DOMAIN_STANDING_MIN_ANSWERS} answers.
              </p>
            )}
          </section>
        )}
        {p && (
          <section className={card}>
            <h2 className="text-lg font-bold text-navy-900">Weekly study</h2>
            <WeeklyBars weeks={p.weeks} />
          </section>
        )}
        {p && resultsSection?.(p.levels)}
        {review.data && (
          <section className={card}>
            <h2 className="text-lg font-bold text-navy-900">Review queue</h2>
            <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
              <div className="rounded-2xl bg-canvas p-3">
                <dt className="text-sm text-muted">Left today</dt>
                <dd className="text-xl font-bold tabular-nums text-navy-900">{review.data.dueToday + review.data.newToday}</dd>
              </div>
              <div className="rounded-2xl bg-canvas p-3">
                <dt className="text-sm text-muted">Next 7 days</dt>
                <dd className="text-xl font-bold tabular-nums text-navy-900">{review.data.dueNextWeek}</dd>
              </div>
              <div className="rounded-2xl bg-canvas p-3">
                <dt className="text-sm text-muted">Retention, last 30 days</dt>
                <dd className="text-xl font-bold tabular-nums text-navy-900">
                  {review.data.trueRetention === null ? '—' : `${Math.round(review.data.trueRetention * 100)} %`}
                </dd>
                <dd className="text-xs text-muted">goal {Math.round(review.data.desiredRetention * 100)} %</dd>
              </div>
            </dl>
          </section>
        )}
      </main>
    </>
  );
}
