import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ContentLevel } from '@shared/constants';
import type { ExamView } from '@shared/contracts/exam';
import { EXAM_LIMITS } from '@shared/exam';
import type { QuestionAnswer } from '@shared/questions';
import { AnswerControl } from '../../components/questions/answer-control';
import { incompleteReason, initialAnswer } from '../../components/questions/answer-state';
import { ItemHeader } from '../../components/questions/item-view';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useAuth } from '../../lib/auth/auth-context';
import { cn } from '../../lib/cn';
import { useOnline } from '../../lib/use-online';
import { userMessage } from '../../lib/user-message';
import { isOffline, useAnswerExam } from './api/answer-exam';
import { useCurrentExam } from './api/get-current-exam';
import { useExam, useExamEndPolling } from './api/get-exam';
import { useExamAvailability } from './api/get-exam-availability';
import { useStartExam } from './api/start-exam';
import { ExamResultScreen } from './result-screen';
import { ExamReviewScreen } from './review-screen';
import { StickyActions } from '../../components/ui/sticky-actions';
import { Countdown } from '../../components/questions/countdown';
import { levelsOf } from '@shared/levels';
import { useNow } from '../../lib/use-now';
import { nowMs } from '../../lib/clock';

/**
 * /exam: the start screen (or the exam in progress to continue); /exam/:id: that exam — its questions while it
 * runs, its result once ended; /exam/:id?review=1: the review of its scored items. The exam lives on the server.
 */
export default function ExamPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  if (!id) return <StartScreen />;
  if (params.get('review')) return <ExamReviewScreen id={id} />;
  return <ExamById key={id} id={id} />;
}

const hoursLabel = (hours: number) => (Number.isInteger(hours) ? `${hours} hours` : `${hours.toFixed(1)} hours`);

/** The realistic exam (the NREMT's clock, no pause) or an untimed one, marked as such in its result (decision 104). */
const TIMINGS = [
  { timed: true, label: 'Realistic', hint: (hours: number) => `The clock runs, no pause: ${hoursLabel(hours)}, as on the NREMT` },
  { timed: false, label: 'Untimed', hint: () => 'No clock; your result is marked untimed' },
] as const;

function StartScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const current = useCurrentExam();
  const levels: ContentLevel[] = levelsOf(user?.courseLevel ?? 'Paramedic');
  // ?assignment=<id>&level=&timed=0|1: a class assignment's exam (decision 111), its level and clock set by the instructor
  const [params] = useSearchParams();
  const assignmentId = params.get('assignment') ?? undefined;
  const assignedLevel = levels.find((l) => l === params.get('level'));
  const [level, setLevel] = useState<ContentLevel>(assignedLevel ?? levels[0]!);
  const [timed, setTimed] = useState(assignmentId ? params.get('timed') !== '0' : true);
  // an exam scores only questions the student has not seen: told here, before it starts, when too few are left
  const availability = useExamAvailability(level);
  const tooThin = availability.data && !availability.data.ready ? availability.data.message : null;
  const start = useStartExam({ onSuccess: (view) => void navigate(`/exam/${view.id}`) });
  const limits = EXAM_LIMITS[level];
  const hours = limits.timeLimitMinutes / 60;
  return (
    <>
      <ScreenHeader title="Practice Exam" subtitle="Adaptive, like the NREMT" backTo="/home" />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {current.data && (
          <section className="rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70">
            <h2 className="text-lg font-bold text-navy-900">You have a practice exam in progress</h2>
            <p className="mt-1 text-[15px] text-muted">
              {current.data.level} · Question {current.data.position} · {current.data.timed ? 'the timer keeps running' : 'untimed'}
            </p>
            <ButtonLink to={`/exam/${current.data.id}`} size="lg" className="mt-4">
              Continue exam
            </ButtonLink>
          </section>
        )}
        <section className="rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70 sm:p-6">
          <h2 className="text-xl font-bold text-navy-900">Would you pass today?</h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-[15px] leading-relaxed text-ink">
            <li>
              The exam adapts to your answers, as the NREMT does: {limits.minScored + limits.pilot}–{limits.maxScored + limits.pilot}{' '}
              questions, {limits.pilot} of which try out new questions and do not count, up to {hoursLabel(hours)}
              {timed ? '' : ' on the realistic exam (this one is untimed)'}.
            </li>
            <li>It stops as soon as your score&apos;s 95 % band lies wholly on one side of MedicPrep&apos;s passing standard.</li>
            <li>No feedback until the end, and an answer cannot be changed once submitted.</li>
            <li>
              You can leave and come back: the exam is saved
              {timed ? ', but the timer keeps running.' : '; an untimed exam left for 7 days ends with what you answered.'}
            </li>
          </ul>
          {assignmentId && (
            <div className="mt-4">
              <Alert tone="info" title="An assignment from your class">
                Your instructor set this exam {timed ? 'on the realistic clock' : 'untimed'}. They will see its verdict and band when it
                ends, never your answers or its questions.
              </Alert>
            </div>
          )}
          <fieldset className={cn('mt-4', assignmentId && 'hidden')}>
            <legend className="text-sm font-bold text-navy-900">Timing</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {TIMINGS.map((t) => (
                <label
                  key={t.label}
                  className={cn(
                    'flex min-h-11 cursor-pointer flex-col justify-center rounded-xl px-4 py-2 ring-1 ring-line has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                    timed === t.timed ? 'bg-navy-900 text-white ring-navy-900' : 'bg-white text-navy-800 hover:bg-navy-50',
                  )}
                >
                  <input
                    type="radio"
                    name="timing"
                    value={t.label}
                    checked={timed === t.timed}
                    onChange={() => setTimed(t.timed)}
                    className="sr-only"
                  />
                  <span className="font-semibold">{t.label}</span>
                  <span className={cn('text-sm', timed === t.timed ? 'text-navy-100' : 'text-muted')}>{t.hint(hours)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {levels.length > 1 && !assignmentId && (
            <fieldset className="mt-4">
              <legend className="text-sm font-bold text-navy-900">Level</legend>
              <div className="mt-2 flex gap-2">
                {levels.map((l) => (
                  <label
                    key={l}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 font-semibold ring-1 ring-line',
                      level === l && 'bg-navy-900 text-white ring-navy-900',
                    )}
                  >
                    <input type="radio" name="level" value={l} checked={level === l} onChange={() => setLevel(l)} className="sr-only" />
                    {l}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {tooThin && !current.data && (
            <div className="mt-4">
              <Alert tone="warning" title="Not enough new questions for a fair exam">
                {tooThin}
              </Alert>
            </div>
          )}
          {start.isError && !tooThin && (
            <div className="mt-4">
              <Alert tone="error">{userMessage(start.error, 'The practice exam could not start. Please try again.')}</Alert>
            </div>
          )}
          <Button
            size="lg"
            className="mt-5"
            onClick={() => start.mutate({ level, timed, assignmentId })}
            loading={start.isPending}
            disabled={Boolean(current.data) || Boolean(tooThin)}
          >
            Start Practice Exam
          </Button>
          <p className="mt-3 text-xs leading-relaxed text-muted">
            Your result is MedicPrep&apos;s estimate of your readiness, not an NREMT score.
          </p>
        </section>
      </main>
    </>
  );
}

function ExamById({ id }: { id: string }) {
  const q = useExam(id);
  const online = useOnline();
  if (q.isPending)
    return (
      <>
        <ScreenHeader title="Practice Exam" backTo="/exam" />
        <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5" aria-busy="true" aria-label="Loading">
          <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
        </main>
      </>
    );
  if (q.isError)
    return (
      <>
        <ScreenHeader title="Practice Exam" backTo="/exam" />
        <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
          {isOffline(q.error) || !online ? (
            <Alert tone="warning">You are offline. Your exam is saved and continues when you are back online.</Alert>
          ) : (
            <Alert tone="error">{userMessage(q.error, 'This practice exam could not be loaded.')}</Alert>
          )}
          <Button size="lg" onClick={() => void q.refetch()} loading={q.isFetching}>
            Try again
          </Button>
        </main>
      </>
    );
  if (q.data.status === 'ended') return <ExamResultScreen view={q.data} />;
  return <RunningExam view={q.data} receivedAt={q.dataUpdatedAt} />;
}

/** One question at a time: Submit sends it and shows the next; no feedback until the end. */
function RunningExam({ view, receivedAt }: { view: ExamView; receivedAt: number }) {
  const online = useOnline();
  const item = view.item!;
  const position = view.position!;
  const [drafts, setDrafts] = useState<Record<number, QuestionAnswer | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const clientIds = useRef(new Map<number, string>());
  const shownAt = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastPosition = useRef(position);
  const draft = position in drafts ? drafts[position]! : initialAnswer(item);

  // the server's clock: the deadline is judged there
  const skew = Date.parse(view.serverNow) - receivedAt;
  const now = useNow();
  const remaining = (Date.parse(view.deadline) - (now + skew)) / 1000;
  const timeUp = remaining <= 0;

  // the server ends the exam at its deadline (after a short grace for answers in flight)
  useExamEndPolling(view.id, timeUp);
  const subtitle = view.timed ? view.level : `${view.level} · Untimed`;

  useEffect(() => {
    shownAt.current = nowMs();
  }, [position]);
  useLayoutEffect(() => {
    if (lastPosition.current === position) return;
    lastPosition.current = position;
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [position]);

  const answer = useAnswerExam(view.id);

  const submit = () => {
    const why = incompleteReason(item, draft);
    if (why || !draft) return setProblem(why);
    setProblem(null);
    let clientId = clientIds.current.get(position);
    if (!clientId) clientIds.current.set(position, (clientId = crypto.randomUUID()));
    answer.mutate({ position, answer: draft, clientId, timeMs: Math.min(86_400_000, Math.max(0, nowMs() - shownAt.current)) });
  };

  const waiting = answer.isPending && (answer.isPaused || answer.failureCount > 0 || !online);
  return (
    <>
      <ScreenHeader
        wide
        title="Practice Exam"
        subtitle={subtitle}
        backTo="/exam"
        action={view.timed ? <Countdown seconds={remaining} urgentBelow={300} /> : undefined}
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5 lg:max-w-6xl lg:px-8">
        {timeUp && <Alert tone="info">Time is up. Ending the exam…</Alert>}
        <section aria-labelledby="question-heading" className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
          <ItemHeader ref={headingRef} item={item} n={position} actions={null} categories={false}>
            <AnswerControl
              key={`${position}-${item.key}`}
              item={item}
              value={draft}
              onChange={(a) => setDrafts((d) => ({ ...d, [position]: a }))}
            />
          </ItemHeader>
        </section>
        <StickyActions
          notice={
            waiting && (
              <div className="mb-2">
                <Alert tone="warning">
                  You are offline. Your answer is kept and is sent as soon as the connection returns; the next question comes then.
                  {view.timed && ' The timer keeps running.'}
                </Alert>
              </div>
            )
          }
          problem={problem}
        >
          {answer.isError && !isOffline(answer.error) && (
            <div className="mb-2">
              <Alert tone="error">{userMessage(answer.error, 'Your answer could not be saved. Please try again.')}</Alert>
            </div>
          )}
          <Button size="lg" onClick={submit} loading={answer.isPending} disabled={timeUp}>
            Submit
          </Button>
        </StickyActions>
      </main>
    </>
  );
}
