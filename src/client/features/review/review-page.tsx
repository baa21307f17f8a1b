import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { STORAGE_KEYS } from '@shared/constants';
import type { ReviewFlashcardItem, ReviewItem, ReviewQuestionItem } from '@shared/contracts/review';
import type { QuestionAnswer } from '@shared/questions';
import type { Feedback } from '@shared/contracts/questions';
import { isImageFront } from '@shared/flashcards';
import type { ReviewGrade } from '@shared/srs';
import { AnswerControl } from '../../components/questions/answer-control';
import { incompleteReason, initialAnswer } from '../../components/questions/answer-state';
import { ItemHeader } from '../../components/questions/item-view';
import { TutorFeedback } from '../../components/questions/tutor-feedback';
import { Button, buttonClass } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { useAuth } from '../../lib/auth/auth-context';
import { readCache, writeCache } from '../../lib/cache';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useReviewQueue } from './api/get-review-queue';
import { useReviewStats } from './api/get-review-stats';
import { reviewFigures } from './figures';
import { ReviewFiguresView } from './figures-view';
import { onReviewAnswered, reviewAnswers, useFlushReviewAnswers } from './api/review-answers';
import { answered, answeredQuestion, current, nextReviewAt, requeued, sessionOf, type Session } from './session';
import { StickyActions } from '../../components/ui/sticky-actions';
import { useNow } from '../../lib/use-now';
import { nowDate, nowMs } from '../../lib/clock';
import { LoadError } from '../../components/ui/load-error';

/** A question just answered on this screen: its answer, then the verdict and feedback when the server sends them. */
interface Checked {
  item: ReviewQuestionItem;
  answer: QuestionAnswer;
  clientId: string;
  feedback?: Feedback;
  failure?: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** The time, read every 15 s, so a learning step shows when its minute comes. */
function useClock(): Date {
  const ms = useNow(15_000);
  return useMemo(() => new Date(ms), [ms]);
}

/** "today at 14:35", "tomorrow at 09:00" or "Mon 3 Mar at 09:00", in the student's own clock. */
export function whenLabel(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const dayOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((dayOf(at) - dayOf(now)) / DAY);
  if (days <= 0) return `today at ${time}`;
  if (days === 1) return `tomorrow at ${time}`;
  return `${at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })} at ${time}`;
}

export default function ReviewPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const flushAnswers = useFlushReviewAnswers();
  const now = useClock();
  // The day's queue is kept on the phone as soon as it arrives, so the rest of the day works offline.
  const queue = useReviewQueue(userId);
  const stats = useReviewStats();
  const [local, setLocal] = useState<Session | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);

  // A question's verdict: its feedback on screen, and the question back in today's queue if its next step is today.
  useEffect(
    () =>
      onReviewAnswered((sent, outcome) => {
        if (sent.kind !== 'question') return;
        const feedback = 'response' in outcome ? outcome.response.feedback : undefined;
        const failure = 'refused' in outcome ? userMessage(outcome.refused, 'This answer could not be checked.') : undefined;
        setChecked((c) => (c && c.clientId === sent.clientId ? { ...c, feedback, failure } : c));
        const base = readCache<Session>(STORAGE_KEYS.reviewSession, userId, DAY);
        if (!base) return;
        const next = requeued(base, sent.clientId, 'response' in outcome ? outcome.response.card : null);
        writeCache(STORAGE_KEYS.reviewSession, userId, next);
        setLocal(next);
      }),
    [userId],
  );

  // The day's session: what this screen has done, else the one kept on the phone (answers still to send, or no network),
  // else the queue just fetched.
  const kept = readCache<Session>(STORAGE_KEYS.reviewSession, userId, DAY);
  const keptToday = kept && new Date(kept.endOfDay) > now ? kept : null;
  const session =
    local ?? (keptToday && (reviewAnswers.pending() > 0 || queue.isError) ? keptToday : queue.data ? sessionOf(queue.data) : null);
  const item = session ? current(session, now) : undefined;
  // when the current question was first shown: its answer carries the time taken (a right answer faster than reading the
  // question is graded Hard, decision 091)
  const shown = useRef<{ key: string; at: number } | null>(null);
  useEffect(() => {
    if (item?.kind === 'question' && shown.current?.key !== item.key) shown.current = { key: item.key, at: nowMs() };
  }, [item?.kind, item?.key]);

  function grade(it: ReviewItem, g: ReviewGrade) {
    if (!session) return;
    const at = nowDate();
    reviewAnswers.add({ kind: 'flashcard', key: it.key, grade: g, clientId: crypto.randomUUID(), reviewedAt: at.toISOString() });
    const next = answered(session, it, g, at);
    writeCache(STORAGE_KEYS.reviewSession, userId, next);
    setLocal(next);
    setFlipped(false);
    flushAnswers();
  }

  function answerQuestion(it: ReviewQuestionItem, answer: QuestionAnswer) {
    if (!session) return;
    const clientId = crypto.randomUUID();
    const at = nowDate();
    const timeMs = shown.current?.key === it.key ? Math.min(86_400_000, Math.max(0, at.getTime() - shown.current.at)) : undefined;
    reviewAnswers.add({
      kind: 'question',
      key: it.key,
      answer,
      order: it.order,
      clientId,
      reviewedAt: at.toISOString(),
      ...(timeMs === undefined ? {} : { timeMs }),
    });
    const next = answeredQuestion(session, it, clientId);
    writeCache(STORAGE_KEYS.reviewSession, userId, next);
    setLocal(next);
    setChecked({ item: it, answer, clientId });
    flushAnswers();
  }

  const figures = reviewFigures(session, stats.data);
  const next = session ? nextReviewAt(session) : null;
  return (
    <>
      <ScreenHeader wide title="Review" />
      <main className="mx-auto w-full max-w-2xl space-y-3 px-4 py-4 lg:max-w-6xl lg:px-8">
        {figures && <ReviewFiguresView figures={figures} />}
        {!session && queue.isPending && <div className="h-72 animate-pulse rounded-3xl bg-white ring-1 ring-line/70" />}
        {!session && queue.isError && (
          <LoadError error={queue.error} fallback="Failed to load your review queue." onRetry={queue.refetch} retrying={queue.isFetching} />
        )}
        {session && (checked || item?.kind === 'question') && (
          <>
            <ReviewQuestion
              key={checked ? checked.clientId : `${item!.key}:${item!.card.reps}`}
              item={checked ? checked.item : (item as ReviewQuestionItem)}
              checked={checked}
              onAnswer={answerQuestion}
              onNext={() => setChecked(null)}
            />
          </>
        )}
        {session && !checked && item?.kind === 'flashcard' && (
          <section aria-label="Review card" className="space-y-3">
            <ReviewCard key={`${item.key}:${item.card.reps}`} item={item} flipped={flipped} onFlip={() => setFlipped((f) => !f)} />
            <div className="grid grid-cols-2 gap-3">
              <Button variant="danger" size="lg" onClick={() => grade(item, 'again')}>
                Wrong
              </Button>
              <Button variant="success" size="lg" onClick={() => grade(item, 'good')}>
                Correct
              </Button>
              {session.showHardEasy && flipped && (
                <>
                  <Button variant="secondary" onClick={() => grade(item, 'hard')}>
                    Hard
                  </Button>
                  <Button variant="secondary" onClick={() => grade(item, 'easy')}>
                    Easy
                  </Button>
                </>
              )}
            </div>
          </section>
        )}
        {session && !item && !checked && (
          <section className="space-y-3 rounded-3xl bg-surface p-8 text-center ring-1 ring-line/70">
            <h2 className="text-2xl font-bold text-navy-900">All caught up</h2>
            <p className="text-muted">
              {next
                ? `Your next review is due ${whenLabel(next, now)}.`
                : 'Nothing is scheduled yet: answer cards in a deck or questions in practice to start.'}
            </p>
            <Link to="/home" className={buttonClass('secondary', 'md', 'mx-auto')}>
              Back to home
            </Link>
          </section>
        )}
      </main>
    </>
  );
}

/**
 * A question of the queue, answered with the controls of question practice; Submit sends the answer (queued, so it works
 * offline) and the verdict, the rationales and the reference show when the server has checked it. Right is Good, wrong Again.
 */
function ReviewQuestion({
  item,
  checked,
  onAnswer,
  onNext,
}: {
  item: ReviewQuestionItem;
  checked: Checked | null;
  onAnswer: (item: ReviewQuestionItem, answer: QuestionAnswer) => void;
  onNext: () => void;
}) {
  const q = item.question;
  const [draft, setDraft] = useState<QuestionAnswer | null>(() => initialAnswer(q));
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const answeredNow = checked !== null;
  // focus: the verdict after Submit (one element whether it is in or on its way), the question when it shows
  useLayoutEffect(() => {
    (answeredNow ? feedbackRef : headingRef).current?.focus();
  }, [answeredNow]);

  const submit = () => {
    const why = incompleteReason(q, draft);
    if (why || !draft) return setProblem(why);
    setProblem(null);
    onAnswer(item, draft);
  };
  return (
    <section aria-label="Review question" className="space-y-3">
      <div className="rounded-card bg-surface p-4 shadow-sm ring-1 ring-line/70 sm:p-6">
        <ItemHeader
          ref={headingRef}
          item={q}
          n={1}
          title={item.card.state === 0 ? 'New question' : 'Question to review'}
          actions={<span className="px-2 text-xs font-bold uppercase tracking-wider text-muted">{item.courseLevel}</span>}
          beside={!!checked}
        >
          {checked ? (
            <TutorFeedback
              item={q}
              given={{ answer: checked.answer, ...(checked.feedback ? { feedback: checked.feedback } : {}) }}
              feedbackRef={feedbackRef}
              {...(checked.failure ? { failure: checked.failure } : {})}
            />
          ) : (
            <AnswerControl item={q} value={draft} onChange={setDraft} />
          )}
        </ItemHeader>
      </div>
      <StickyActions problem={checked ? null : problem}>
        {checked ? (
          <Button size="lg" className="w-full" onClick={onNext}>
            Next
          </Button>
        ) : (
          <Button size="lg" className="w-full" onClick={submit}>
            Submit
          </Button>
        )}
      </StickyActions>
    </section>
  );
}

/** The card, flipped as in the decks: front (text or a rhythm strip), back on tap. */
function ReviewCard({ item, flipped, onFlip }: { item: ReviewFlashcardItem; flipped: boolean; onFlip: () => void }) {
  const f = item.flashcard;
  const face = 'absolute inset-0 flex flex-col rounded-3xl p-6 shadow-lg ring-1 [backface-visibility:hidden] overflow-y-auto';
  return (
    <button
      type="button"
      onClick={onFlip}
      className="relative block h-[min(40dvh,380px)] w-full rounded-3xl [perspective:1200px]"
      aria-label={flipped ? 'Answer shown. Press to show the question.' : 'Question shown. Press to show the answer.'}
    >
      <span
        className={cn(
          'relative block h-full w-full rounded-3xl transition-transform duration-500 [transform-style:preserve-3d] motion-reduce:transition-none',
          flipped && '[transform:rotateY(180deg)]',
        )}
      >
        <span className={cn(face, 'bg-white ring-line')} aria-hidden={flipped} inert={flipped}>
          <span className="flex items-center justify-between text-xs font-bold uppercase tracking-wider text-muted">
            <span>
              {f.courseLevel} · {f.category}
            </span>
            {item.card.state === 0 && <span className="rounded-full bg-navy-900 px-2 py-0.5 text-white">New</span>}
          </span>
          <span className="flex flex-1 items-center justify-center py-4">
            {isImageFront(f.front) ? (
              <img
                src={f.front}
                alt="Rhythm strip or image for this card"
                className="max-h-full w-full rounded-xl bg-white object-contain"
              />
            ) : (
              <span className="text-center text-xl font-semibold leading-snug text-navy-900 sm:text-2xl">{f.front}</span>
            )}
          </span>
          <span className="text-center text-xs text-muted">Tap to flip</span>
        </span>
        <span
          className={cn(face, 'bg-navy-900 text-white ring-navy-900 [transform:rotateY(180deg)]')}
          aria-hidden={!flipped}
          inert={!flipped}
        >
          <span className="text-xs font-bold uppercase tracking-wider text-white/70">{f.category} · Answer</span>
          <span className="flex flex-1 items-center py-4">
            <span className="w-full whitespace-pre-line text-left text-[17px] leading-relaxed">{f.back}</span>
          </span>
        </span>
      </span>
    </button>
  );
}
