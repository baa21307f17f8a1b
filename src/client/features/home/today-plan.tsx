import { Link, useNavigate } from 'react-router';
import { Icon, type IconName } from '../../components/icon';
import { PART_TONES, plural, type PlanPart } from '../../components/plan-tones';
import { ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useStartPlanQuestions } from './api/start-plan-questions';
import { useTodayPlan } from './api/get-today-plan';

const card = 'rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70';

function PartRow({
  part,
  icon,
  title,
  detail,
  done,
  to,
  onStart,
  busy,
}: {
  part: PlanPart;
  icon: IconName;
  title: string;
  detail?: string;
  done: boolean;
  to?: string;
  onStart?: () => void;
  busy?: boolean;
}) {
  const body = (
    <>
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-xl', PART_TONES[part].chip)}>
        <Icon name={done ? 'check' : icon} className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block font-semibold text-navy-900', done && 'text-muted line-through')}>{title}</span>
        {detail && <span className="block truncate text-sm text-muted">{detail}</span>}
      </span>
      <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-navy-700">
        {busy ? <Spinner className="size-4" /> : done ? 'Done' : 'Start'}
        <Icon name="back" className="size-4 rotate-180" />
      </span>
    </>
  );
  const cls = 'flex min-h-14 w-full items-center gap-3 rounded-2xl px-3 py-2 text-left hover:bg-navy-50';
  return (
    <li>
      {to ? (
        <Link to={to} className={cls} aria-label={`Start ${title}`}>
          {body}
        </Link>
      ) : (
        <button type="button" className={cls} onClick={onStart} disabled={busy} aria-label={`Start ${title}`}>
          {body}
        </button>
      )}
    </li>
  );
}

/** Home's "Today's plan" (decision 105): the day's parts from the study plan, each one tap from starting. */
export function TodayPlan() {
  const plan = useTodayPlan();
  const navigate = useNavigate();
  const start = useStartPlanQuestions({ onSuccess: (s) => navigate(`/questions?session=${s.id}`) });
  if (plan.isPending || plan.isError) return null;
  const { settings, today, examPassed, daysLeft } = plan.data;
  if (!settings)
    return (
      <section className={cn(card, 'flex items-center gap-4')} aria-labelledby="today-plan-title">
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-navy-50 text-navy-700">
          <Icon name="calendar" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="today-plan-title" className="font-bold text-navy-900">
            Today&apos;s plan
          </h2>
          <p className="text-sm text-muted">Set your exam date and get a day-by-day plan to it.</p>
        </div>
        <ButtonLink to="/calendar" size="sm">
          Set date
        </ButtonLink>
      </section>
    );
  if (examPassed || !today)
    return (
      <section className={cn(card, 'flex items-center gap-4')} aria-labelledby="today-plan-title">
        <div className="min-w-0 flex-1">
          <h2 id="today-plan-title" className="font-bold text-navy-900">
            How did your exam go?
          </h2>
          <p className="text-sm text-muted">Your exam date has passed. Report your result, or plan for a new date.</p>
        </div>
        <ButtonLink to="/calendar" size="sm">
          Open plan
        </ButtonLink>
      </section>
    );
  const done = today.done ?? { minutes: 0, reviews: 0, questions: 0, exams: 0 };
  const level = settings.level;
  const parts = [
    today.reviews > 0 && (
      <PartRow
        key="r"
        part="reviews"
        icon="review"
        title={plural(today.reviews, 'review')}
        detail="Due in your review queue"
        done={done.reviews >= today.reviews}
        to="/review"
      />
    ),
    today.newCards > 0 && (
      <PartRow
        key="c"
        part="newCards"
        icon="cards"
        title={plural(today.newCards, 'new card')}
        detail="Introduced in Review"
        done={false}
        to="/review"
      />
    ),
    today.questionCount > 0 && (
      <PartRow
        key="q"
        part="questions"
        icon="question-bank"
        title={plural(today.questionCount, 'question')}
        detail={today.questions.map((q) => q.domain).join(', ')}
        done={done.questions >= today.questionCount}
        busy={start.isPending}
        onStart={() => start.mutate({ level, domains: today.questions.map((q) => q.domain), count: today.questionCount })}
      />
    ),
    today.practiceExam && (
      <PartRow
        key="e"
        part="practiceExam"
        icon="exam"
        title="Practice exam"
        detail={`NREMT ${level}, adaptive`}
        done={done.exams > 0}
        to="/exam"
      />
    ),
  ].filter(Boolean);
  return (
    <section className={card} aria-labelledby="today-plan-title">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="today-plan-title" className="text-lg font-bold text-navy-900">
          Today&apos;s plan
        </h2>
        <Link to="/calendar" className="shrink-0 text-sm font-semibold text-navy-700 underline-offset-2 hover:underline">
          {daysLeft === 0 ? 'Exam day' : `${plural(daysLeft ?? 0, 'day')} to the exam`}
        </Link>
      </div>
      {today.kind === 'exam' ? (
        <p className="text-[15px] text-ink">Exam day. Breathe, read each question twice, and trust your training. Good luck!</p>
      ) : parts.length === 0 ? (
        <p className="text-[15px] text-ink">
          {today.kind === 'rest' ? 'Rest day: nothing planned. Come back fresh tomorrow.' : 'Nothing planned today.'}
        </p>
      ) : (
        <>
          <p className="mb-1 text-sm text-muted">
            About {today.minutes} min{today.shift ? ' · a light day for your shift' : ''}
          </p>
          <ul className="-mx-3">{parts}</ul>
          {start.isError && (
            <p className="mt-2 text-sm text-signal-600">{userMessage(start.error, 'The questions could not be started.')}</p>
          )}
        </>
      )}
    </section>
  );
}
