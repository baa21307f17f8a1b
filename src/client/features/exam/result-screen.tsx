import { useEffect, useId, useRef } from 'react';
import type { ExamView } from '@shared/contracts/exam';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { VERDICT_LABELS } from '@shared/readiness';
import { DomainStandings } from '../../components/questions/domain-standings';
import { bandRange, StandardNote, VERDICT_REASONS, VERDICT_TONE } from '../../components/questions/readiness-verdict';
import { userMessage } from '../../lib/user-message';
import { usePractiseMissed } from './api/practise-missed';

/** "1 h 2 min", "4 min 5 s", "38 s" */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

const STOP_NOTES: Record<string, string> = {
  confident: 'The exam stopped when your score’s 95 % band lay wholly on one side of the passing standard.',
  maximum: 'The exam reached its maximum number of questions.',
  time: 'Time ran out.',
  bank: 'The question bank ran out of questions you had not seen before the exam could decide, so this estimate rests on fewer questions than a full exam.',
};

const UNTIMED_LEFT = 'The exam was left for 7 days and ended with the answers given.';

/**
 * The end of an exam: the verdict, the readiness score with its 95 % band, the standard it was scored against and the
 * evidence behind it, each domain's standing, items and time (decision 095). No probability of passing: none exists that
 * reported NREMT results have checked.
 */
export function ExamResultScreen({ view }: { view: ExamView }) {
  const r = view.result!;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const retake = usePractiseMissed({ onSuccess: (session) => void navigate(`/questions?session=${session.id}`) });
  // The result replaces the last item in the same route: start at its top, the verdict in view and focused.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <>
      <ScreenHeader wide title="Practice Exam Result" subtitle={view.timed ? view.level : `${view.level} · Untimed`} backTo="/exam" />
      {/* a laptop has the verdict beside the domains and what to do next */}
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5 lg:grid lg:max-w-6xl lg:grid-cols-2 lg:items-start lg:gap-6 lg:space-y-0 lg:px-8">
        <section className="rounded-card bg-surface p-6 text-center shadow-sm ring-1 ring-line/70" aria-labelledby={headingId}>
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className={cn('inline-block rounded-full px-4 py-1.5 text-2xl font-bold tracking-tight outline-none', VERDICT_TONE[r.verdict])}
          >
            {VERDICT_LABELS[r.verdict]}
          </h2>
          <p className="mt-2 text-[15px] text-ink">{VERDICT_REASONS[r.verdict]}</p>
          <p className="mt-5 text-sm font-bold uppercase tracking-wider text-muted">Readiness score</p>
          <p className="text-5xl font-bold tabular-nums text-navy-900">{r.readiness.score}</p>
          <p className="mt-1 text-[15px] font-semibold tabular-nums text-navy-800">{bandRange(r.readiness)}</p>
          <p className="mt-1 text-sm text-muted">on a 100–1500 scale; 950 is MedicPrep&apos;s passing standard</p>
          <dl className="mt-5 grid grid-cols-2 gap-3 text-[15px]">
            <div className="rounded-2xl bg-canvas p-3">
              <dt className="text-muted">Questions answered</dt>
              <dd className="text-xl font-bold tabular-nums text-navy-900">{r.answered}</dd>
            </div>
            <div className="rounded-2xl bg-canvas p-3">
              <dt className="text-muted">{view.timed ? 'Time' : 'Time (untimed)'}</dt>
              <dd className="text-xl font-bold tabular-nums text-navy-900">{duration(r.timeSeconds)}</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-muted">{view.timed || r.stopReason !== 'time' ? STOP_NOTES[r.stopReason] : UNTIMED_LEFT}</p>
          {!view.timed && (
            <p className="mt-2 text-sm text-muted">You took this exam untimed: the NREMT&apos;s clock would have added its pressure.</p>
          )}
          <p className="mt-3 rounded-xl bg-navy-50 p-3 text-sm font-semibold text-navy-800">
            This is MedicPrep&apos;s estimate from your answers, not an NREMT score.
          </p>
          <StandardNote standard={r.standard} className="mt-3 text-left" />
        </section>

        <div className="space-y-4">
          <section className="rounded-card bg-surface p-6 shadow-sm ring-1 ring-line/70">
            <h2 className="text-lg font-bold text-navy-900">By domain</h2>
            <DomainStandings
              domains={r.domains.map((d) => ({ domain: d.domain, note: `${d.items} scored`, standing: d.standing }))}
              none="Not tested"
            />
            <p className="mt-3 text-xs leading-relaxed text-muted">
              Above or Below: your answers in that domain put you more than one standard error from the passing standard; Near: within it.
            </p>
          </section>

          {r.missedTopics.length > 0 && (
            <section className="rounded-card bg-surface p-6 shadow-sm ring-1 ring-line/70">
              <h2 className="text-lg font-bold text-navy-900">Retake what you missed</h2>
              <p className="mt-1 text-[15px] text-ink">
                A 25-question tutor session on the topics of the questions you missed: {r.missedTopics.slice(0, 3).join(', ')}
                {r.missedTopics.length > 3 && ` and ${r.missedTopics.length - 3} more`}. The exam&apos;s own questions stay unseen, so your
                next exam is still a fair one.
              </p>
              {retake.isError && (
                <div className="mt-3">
                  <Alert tone="error">{userMessage(retake.error, 'The practice session could not start. Please try again.')}</Alert>
                </div>
              )}
              <Button
                size="lg"
                className="mt-4"
                loading={retake.isPending}
                onClick={() => retake.mutate({ level: view.level, topics: r.missedTopics })}
              >
                Retake what I missed
              </Button>
            </section>
          )}

          <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-1">
            <ButtonLink to={`/exam/${view.id}?review=1`} size="lg">
              Review answers
            </ButtonLink>
            <ButtonLink to="/progress" size="lg" variant="secondary">
              Progress
            </ButtonLink>
            <ButtonLink to="/exam" size="lg" variant="secondary">
              New practice exam
            </ButtonLink>
          </div>
        </div>
      </main>
    </>
  );
}
