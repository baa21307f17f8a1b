import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { QuestionAnswer } from '@shared/questions';
import type { QuestionSession } from '@shared/contracts/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ScreenHeader } from '../../components/ui/screen-header';
import { userMessage } from '../../lib/user-message';
import { useCompleteSession } from './api/complete-session';
import { AnswerControl } from '../../components/questions/answer-control';
import { incompleteReason, initialAnswer } from '../../components/questions/answer-state';
import { TutorFeedback } from '../../components/questions/tutor-feedback';
import { FlagButton, ReportAnswers, ReportButton } from './item-actions';
import { SaveStar } from '../../components/save-star';
import { ItemHeader } from '../../components/questions/item-view';
import { useSubmitAnswer } from './api/get-session';
import { StickyActions } from '../../components/ui/sticky-actions';
import { Countdown } from '../../components/questions/countdown';
import { useNow } from '../../lib/use-now';
import { nowMs } from '../../lib/clock';

const firstOpen = (s: QuestionSession) => {
  const i = s.items.findIndex((item) => !s.answers[item.key]);
  return i < 0 ? s.items.length - 1 : i;
};

/**
 * One item at a time. Tutor: Submit → feedback (focus moves to it) → Next. Timed quiz: Submit moves on;
 * the countdown ends the quiz at zero. Answers are queued (api/answer-queue.ts), so nothing here waits on the network.
 */
export function QuizScreen({ session }: { session: QuestionSession }) {
  const submitAnswer = useSubmitAnswer();
  const [index, setIndex] = useState(() => firstOpen(session));
  const [drafts, setDrafts] = useState<Record<string, QuestionAnswer | null>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const shownAt = useRef(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<'heading' | 'feedback' | null>(null);

  const item = session.items[index]!;
  const given = session.answers[item.key];
  const draft = item.key in drafts ? drafts[item.key]! : initialAnswer(item);
  const tutor = session.mode === 'tutor';
  // a case set's later items arrive as the one before is answered: the session has `count` items, `items` those reached
  const total = session.count;
  const isLast = index === session.items.length - 1 && session.items.length === total;
  const answeredCount = session.items.filter((i) => session.answers[i.key]).length;
  const openIndex = session.items.findIndex((i) => !session.answers[i.key]);
  /** every reached item is answered but the session has more: a case's next item is on its way from the server */
  const awaitingNext = given !== undefined && openIndex < 0 && answeredCount < total;

  const deadline = session.timeLimitSeconds === null ? null : Date.parse(session.startedAt) + session.timeLimitSeconds * 1000;
  const now = useNow(1000, deadline !== null);
  const remaining = deadline === null ? null : Math.max(0, (deadline - now) / 1000);

  const finish = useCompleteSession(session.id);
  const finishing = finish.isPending;
  const timeUp = remaining !== null && remaining <= 0;
  const { mutate: finishNow, isIdle: finishIdle } = finish;
  useEffect(() => {
    if (timeUp && finishIdle) finishNow();
  }, [timeUp, finishIdle, finishNow]);

  useEffect(() => {
    shownAt.current = nowMs();
  }, [item.key]);
  // a timed quiz that stayed on an answer for want of an open item moves on by itself once the case's next item arrives
  const waiting = useRef(false);
  useEffect(() => {
    if (!waiting.current || openIndex < 0) return;
    waiting.current = false;
    focusNext.current = 'heading';
    setIndex(openIndex);
  }, [openIndex]);
  // After the render that shows it (the answer reaches the query cache a tick after the click).
  useLayoutEffect(() => {
    const el = focusNext.current === 'heading' ? headingRef.current : focusNext.current === 'feedback' ? feedbackRef.current : null;
    if (!el) return;
    focusNext.current = null;
    el.focus();
  });

  const submit = () => {
    const why = incompleteReason(item, draft);
    if (why || !draft) return setProblem(why);
    setProblem(null);
    submitAnswer(session.id, item.key, draft, shownAt.current);
    if (tutor) {
      focusNext.current = 'feedback';
    } else if (answeredCount + 1 >= total) {
      finish.mutate();
    } else {
      const next = nextOpen();
      // no other open item: stay on this one until the case's next item arrives (awaitingNext)
      if (next === null) waiting.current = true;
      else goTo(next);
    }
  };
  const nextOpen = (): number | null => {
    for (let step = 1; step <= session.items.length; step++) {
      const i = (index + step) % session.items.length;
      if (!session.answers[session.items[i]!.key] && i !== index) return i;
    }
    return null;
  };
  const goTo = (i: number) => {
    focusNext.current = 'heading';
    setIndex(i);
    window.scrollTo({ top: 0 });
  };

  const mode = tutor ? 'Tutor mode' : 'Timed quiz';
  return (
    <>
      <ScreenHeader
        wide
        title="Question Bank"
        subtitle={`${session.level} · ${mode}`}
        backTo="/questions"
        action={remaining !== null ? <Countdown seconds={remaining} urgentBelow={60} /> : undefined}
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5 lg:max-w-6xl lg:px-8">
        <div
          className="h-1.5 overflow-hidden rounded-full bg-navy-100"
          role="progressbar"
          aria-label="Answered"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
        >
          <div className="h-full rounded-full bg-navy-700 transition-[width]" style={{ width: `${(answeredCount / total) * 100}%` }} />
        </div>
        <section aria-labelledby="question-heading" className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
          <ItemHeader
            ref={headingRef}
            item={item}
            n={index + 1}
            m={total}
            actions={
              <>
                <FlagButton sessionId={session.id} item={item} />
                <SaveStar kind="question" itemKey={item.key} label="this question" />
                <ReportButton itemKey={item.key} />
              </>
            }
            beside={!!given && tutor}
          >
            {given && tutor ? (
              <>
                <TutorFeedback item={item} given={given} feedbackRef={feedbackRef} />
                <ReportAnswers itemKey={item.key} answered={!!given.feedback} />
              </>
            ) : given ? (
              <Alert tone="info">Answer saved.</Alert>
            ) : (
              <AnswerControl key={item.key} item={item} value={draft} onChange={(a) => setDrafts((d) => ({ ...d, [item.key]: a }))} />
            )}
          </ItemHeader>
        </section>

        <StickyActions problem={given ? null : problem}>
          {finish.isError && (
            <div className="mb-2">
              <Alert tone="error">{userMessage(finish.error, 'Your results could not be loaded. Please try again.')}</Alert>
            </div>
          )}
          {!given ? (
            <Button size="lg" onClick={submit} disabled={finishing}>
              {tutor ? 'Submit' : isLast || answeredCount + 1 >= total ? 'Submit and finish' : 'Submit'}
            </Button>
          ) : answeredCount >= total || finish.isError ? (
            <Button size="lg" onClick={() => finish.mutate()} loading={finishing}>
              {finish.isError ? 'Try again' : 'See results'}
            </Button>
          ) : awaitingNext ? (
            <>
              <Button size="lg" loading disabled>
                Next question
              </Button>
              <p className="mt-1.5 text-center text-xs text-muted" role="status">
                The case&apos;s next question comes as soon as your answer reaches MedicPrep.
              </p>
            </>
          ) : (
            <Button size="lg" onClick={() => goTo(nextOpen() ?? index)}>
              Next question
            </Button>
          )}
          <div className="mt-1.5 flex items-center justify-between gap-3 text-xs font-semibold text-muted">
            <span aria-live="polite">
              {answeredCount} of {total} answered
            </span>
            <button
              type="button"
              className="min-h-11 rounded-lg px-2 text-navy-800 underline-offset-2 hover:underline"
              onClick={() => setConfirmEnd(true)}
            >
              End quiz
            </button>
          </div>
        </StickyActions>
      </main>
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title="End this quiz?"
        confirmLabel="End and see results"
        cancelLabel="Keep going"
        tone="primary"
        busy={finishing}
        onConfirm={() => finish.mutate(undefined, { onSettled: () => setConfirmEnd(false) })}
      >
        Questions you have not answered count as wrong.
      </ConfirmDialog>
    </>
  );
}
