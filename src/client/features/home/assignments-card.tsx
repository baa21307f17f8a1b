import { Link, useNavigate } from 'react-router';
import { ASSIGNMENT_KIND_LABELS, ASSIGNMENT_STATUS_LABELS, isOverdue, progressText } from '@shared/assignments';
import type { MyAssignmentView } from '@shared/contracts/assignments';
import { Icon, type IconName } from '../../components/icon';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useStartAssignmentQuestions } from './api/start-assignment-questions';
import { useTodayPlan } from './api/get-today-plan';

// Home's "From your class" (decision 111): the class assignments not done yet, soonest due first, each one tap from its
// start, and those done lately, ticked.

const ICONS: Record<MyAssignmentView['kind'], IconName> = {
  questions: 'question-bank',
  flashcards: 'cards',
  scenario: 'scenarios',
  exam: 'exam',
};

const dueText = (due: string, today: string) => {
  if (due === today) return 'Due today';
  const days = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days === 1) return 'Due tomorrow';
  if (days > 1 && days < 7) return `Due in ${days} days`;
  const label = new Date(`${due}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return days < 0 ? `Was due ${label}` : `Due ${label}`;
};

/** Where an assignment opens: its deck, its scenario, its exam (or the one it started), its practice session. */
function linkOf(a: MyAssignmentView): string | null {
  switch (a.spec.kind) {
    case 'flashcards':
      return `/${a.level === 'EMT' ? 'emt' : 'paramedic'}flashcards?category=${encodeURIComponent(a.spec.category)}`;
    case 'scenario':
      return `/scenarios/${encodeURIComponent(a.spec.key)}`;
    case 'exam':
      if (a.progress.startedId) return `/exam/${a.progress.startedId}`;
      return `/exam?assignment=${a.id}&level=${a.level}&timed=${a.spec.timed ? 1 : 0}`;
    case 'questions':
      return a.progress.startedId ? `/questions?session=${a.progress.startedId}` : null;
  }
}

export function AssignmentsCard() {
  const plan = useTodayPlan();
  const navigate = useNavigate();
  const start = useStartAssignmentQuestions({ onSuccess: (s) => navigate(`/questions?session=${s.id}`) });
  if (!plan.data || plan.data.assignments.length === 0) return null;
  const { assignments, date } = plan.data;
  const open = assignments.filter((a) => a.progress.status !== 'done');
  const done = assignments.filter((a) => a.progress.status === 'done');
  return (
    <section className="rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70" aria-labelledby="assignments-title">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id="assignments-title" className="text-lg font-bold text-navy-900">
          From your class
        </h2>
        <span className="text-sm text-muted">{open.length === 0 ? 'All done' : `${open.length} to do`}</span>
      </div>
      <ul className="-mx-3">
        {[...open, ...done].map((a) => {
          const finished = a.progress.status === 'done';
          const late = isOverdue(a.progress.status, a.dueDate, date);
          const to = linkOf(a);
          const detail = [
            a.className,
            finished ? ASSIGNMENT_STATUS_LABELS.done : dueText(a.dueDate, date),
            progressText(a.kind, a.progress),
          ]
            .filter(Boolean)
            .join(' · ');
          const body = (
            <>
              <span
                className={cn(
                  'grid size-10 shrink-0 place-items-center rounded-xl',
                  finished ? 'bg-emerald-50 text-emerald-700' : late ? 'bg-signal-50 text-signal-700' : 'bg-navy-50 text-navy-700',
                )}
              >
                <Icon name={finished ? 'check' : ICONS[a.kind]} className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-xs font-bold uppercase tracking-wider text-muted">{ASSIGNMENT_KIND_LABELS[a.kind]}</span>
                <span className={cn('block font-semibold text-navy-900', finished && 'text-muted')}>{a.title}</span>
                <span className={cn('block text-sm', late ? 'font-semibold text-signal-700' : 'text-muted')}>{detail}</span>
              </span>
              <span className="flex shrink-0 items-center gap-1 text-sm font-semibold text-navy-700">
                {start.isPending && start.variables?.id === a.id ? (
                  <Spinner className="size-4" />
                ) : finished ? (
                  a.kind === 'questions' ? (
                    ''
                  ) : (
                    'Again'
                  )
                ) : a.progress.status === 'in_progress' ? (
                  'Continue'
                ) : (
                  'Start'
                )}
                {!(finished && a.kind === 'questions') && <Icon name="back" className="size-4 rotate-180" />}
              </span>
            </>
          );
          const cls = 'flex min-h-14 w-full items-center gap-3 rounded-2xl px-3 py-2 text-left hover:bg-navy-50';
          return (
            <li key={a.id}>
              {finished && a.kind === 'questions' ? (
                <div className={cn(cls, 'hover:bg-transparent')}>{body}</div>
              ) : to ? (
                <Link to={to} className={cls} aria-label={`${finished ? 'Open' : 'Start'} ${a.title}`}>
                  {body}
                </Link>
              ) : (
                <button
                  type="button"
                  className={cls}
                  onClick={() => start.mutate(a)}
                  disabled={start.isPending}
                  aria-label={`Start ${a.title}`}
                >
                  {body}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {start.isError && <p className="mt-2 text-sm text-signal-600">{userMessage(start.error, 'The questions could not be started.')}</p>}
    </section>
  );
}
