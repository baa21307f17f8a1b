import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlanDayView, PlanEventView, PlanPastDay, PlanResponse } from '@shared/contracts/plan';
import type { MyAssignmentView } from '@shared/contracts/assignments';
import { ASSIGNMENT_STATUS_LABELS, isOverdue, progressText } from '@shared/assignments';
import { dayOfDate, PLAN_EVENT_LABELS, WEEKDAYS } from '@shared/plan';
import { Icon } from '../../components/icon';
import { clockTime, EVENT_TONES, PART_TONES, plural, shortDate, type PlanPart } from '../../components/plan-tones';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { Modal } from '../../components/ui/modal';
import { Toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { nowDate } from '../../lib/clock';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useDeleteEvent } from './api/delete-event';
import { usePlan } from './api/get-plan';
import { EventDialog } from './event-dialog';
import { ExportSection } from './export-section';
import { PlanSetup } from './plan-setup';

const card = 'rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70 sm:p-6';

const KIND_LABEL: Record<PlanDayView['kind'], string> = {
  study: 'Study day',
  light: 'Light day · shift',
  rest: 'Rest day',
  taper: 'Final week',
  eve: 'Day before the exam',
  exam: 'Exam day',
};

/** The parts of a planned day, as coloured chips. */
function PartChips({ day }: { day: PlanDayView }) {
  const parts: [PlanPart, string][] = [];
  if (day.reviews) parts.push(['reviews', plural(day.reviews, 'review')]);
  if (day.newCards) parts.push(['newCards', plural(day.newCards, 'new card')]);
  if (day.questionCount) parts.push(['questions', plural(day.questionCount, 'question')]);
  if (day.practiceExam) parts.push(['practiceExam', 'Practice exam']);
  if (!parts.length) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Planned">
      {parts.map(([p, text]) => (
        <li
          key={p}
          className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-[13px] font-semibold', PART_TONES[p].chip)}
        >
          <span className={cn('size-1.5 rounded-full', PART_TONES[p].dot)} aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}

function DoneLine({ done }: { done: NonNullable<PlanDayView['done']> }) {
  const bits = [
    `${done.minutes} min`,
    plural(done.reviews, 'review'),
    plural(done.questions, 'question'),
    ...(done.exams ? [plural(done.exams, 'exam')] : []),
  ];
  return <p className="text-sm text-muted">Done: {bits.join(' · ')}</p>;
}

function DayRow({
  day,
  today,
  events,
  assignments,
}: {
  day: PlanDayView;
  today: string;
  events: PlanEventView[];
  assignments: MyAssignmentView[];
}) {
  const isToday = day.date === today;
  const quiet = day.kind === 'rest';
  return (
    <li
      className={cn(
        'flex gap-3 rounded-2xl p-3 sm:gap-4 sm:p-4',
        isToday ? 'bg-navy-50 ring-2 ring-navy-600' : 'bg-surface ring-1 ring-line/70',
        day.kind === 'exam' && 'bg-signal-50 ring-signal-500',
      )}
      aria-current={isToday ? 'date' : undefined}
    >
      <div
        className={cn(
          'flex w-12 shrink-0 flex-col items-center self-start rounded-xl py-1.5',
          isToday ? 'bg-navy-900 text-white' : 'bg-canvas text-navy-900',
        )}
      >
        <span className="text-[11px] font-bold uppercase tracking-wider">{shortDate(day.date, { weekday: 'short' })}</span>
        <span className="text-xl font-bold leading-tight">{Number(day.date.slice(8))}</span>
      </div>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cn('font-semibold', quiet ? 'text-muted' : 'text-navy-900')}>
            {isToday ? 'Today · ' : ''}
            {day.kind === 'exam' ? 'NREMT exam' : KIND_LABEL[day.kind]}
          </p>
          {day.minutes > 0 && <span className="shrink-0 text-sm text-muted">~{day.minutes} min</span>}
        </div>
        <PartChips day={day} />
        {day.questions.length > 0 && (
          <p className="text-[13px] text-muted">{day.questions.map((q) => `${q.domain} ${q.count}`).join(' · ')}</p>
        )}
        {day.done && <DoneLine done={day.done} />}
        {events.map((e) => (
          <p key={e.id} className={cn('truncate rounded-lg border-l-4 px-2 py-0.5 text-[13px] font-semibold', EVENT_TONES[e.type])}>
            {clockTime(e.time)} · {e.title}
          </p>
        ))}
        {assignments.map((a) => (
          <p
            key={a.id}
            className={cn(
              'truncate rounded-lg border-l-4 px-2 py-0.5 text-[13px] font-semibold',
              a.progress.status === 'done'
                ? 'border-emerald-500 bg-emerald-50 text-emerald-800'
                : 'border-navy-600 bg-navy-50 text-navy-800',
            )}
          >
            {a.progress.status === 'done' ? 'Done' : 'Due'} · {a.title}
          </p>
        ))}
      </div>
    </li>
  );
}

/** The class assignments (decision 111), soonest due first: what, for which class, by when, and whether it is done. */
function AssignmentsSection({ assignments, today }: { assignments: MyAssignmentView[]; today: string }) {
  if (assignments.length === 0) return null;
  return (
    <section aria-labelledby="assignments-title" className="space-y-3">
      <h2 id="assignments-title" className="text-lg font-bold">
        Class assignments
      </h2>
      <ul className="space-y-2">
        {assignments.map((a) => {
          const late = isOverdue(a.progress.status, a.dueDate, today);
          return (
            <li key={a.id} className="rounded-2xl bg-surface p-3 ring-1 ring-line/70">
              <p className="text-xs font-bold uppercase tracking-wider text-muted">{a.className}</p>
              <p className="font-semibold text-navy-900">{a.title}</p>
              <p className={cn('text-sm', late ? 'font-semibold text-signal-700' : 'text-muted')}>
                {a.progress.status === 'done'
                  ? ASSIGNMENT_STATUS_LABELS.done
                  : `${late ? 'Was due' : 'Due'} ${shortDate(a.dueDate, { weekday: 'short', month: 'short', day: 'numeric' })}`}
                {progressText(a.kind, a.progress) && ` · ${progressText(a.kind, a.progress)}`}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PastRow({ day }: { day: PlanPastDay }) {
  const tone =
    day.status === 'done' ? 'bg-go-100 text-go-700' : day.status === 'missed' ? 'bg-signal-50 text-signal-700' : 'bg-canvas text-muted';
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl bg-surface px-3 py-2 ring-1 ring-line/70">
      <span className="text-sm font-semibold text-navy-900">{shortDate(day.date)}</span>
      <span className="flex items-center gap-2 text-sm text-muted">
        {day.status === 'done' &&
          `${day.done.minutes} min · ${plural(day.done.reviews, 'review')} · ${plural(day.done.questions, 'question')}`}
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide', tone)}>{day.status}</span>
      </span>
    </li>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-muted" aria-label="Colours">
      {(Object.keys(PART_TONES) as PlanPart[]).map((p) => (
        <li key={p} className="flex items-center gap-1.5">
          <span className={cn('size-2.5 rounded-full', PART_TONES[p].dot)} aria-hidden />
          {PART_TONES[p].label}
        </li>
      ))}
    </ul>
  );
}

/** Weeks of the plan, Monday first, each with its days. */
function byWeek(days: PlanDayView[]) {
  const weeks: { start: string; days: PlanDayView[] }[] = [];
  for (const d of days) {
    const monday = dayOfDate(d.date) - ((new Date(`${d.date}T00:00:00Z`).getUTCDay() + 6) % 7);
    const start = new Date(monday * 86_400_000).toISOString().slice(0, 10);
    if (weeks.at(-1)?.start !== start) weeks.push({ start, days: [] });
    weeks.at(-1)!.days.push(d);
  }
  return weeks;
}

function Intro() {
  return (
    <ul className="mt-4 space-y-2.5 text-[15px] text-ink">
      {[
        [
          'review',
          'Every day to your exam: the reviews due, and new cards and questions paced so every NREMT domain is covered a week before the exam, with more for your weakest domains.',
        ],
        ['exam', 'A practice exam every week, and two in the final week.'],
        ['calendar', 'A rest day each week, on the day you choose, and light days when you have a clinical shift.'],
        ['restart', 'Miss a day and its work spreads over the days left instead of piling onto tomorrow.'],
      ].map(([icon, text]) => (
        <li key={icon} className="flex gap-3">
          <Icon name={icon as 'review'} className="mt-0.5 size-5 shrink-0 text-navy-600" />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}

function EventsSection({
  events,
  onAdd,
  onEdit,
  onDelete,
}: {
  events: PlanEventView[];
  onAdd: () => void;
  onEdit: (e: PlanEventView) => void;
  onDelete: (e: PlanEventView) => void;
}) {
  return (
    <section aria-labelledby="upcoming-title" className="space-y-3">
      <h2 id="upcoming-title" className="text-lg font-bold">
        Upcoming
      </h2>
      {events.length === 0 ? (
        <p className="rounded-2xl bg-surface p-4 text-[15px] text-muted ring-1 ring-line/70">
          No events yet. Add your classes, clinical shifts and study groups: the plan keeps shift days light.
        </p>
      ) : (
        <ul className="space-y-3">
          {events.map((e) => (
            <li key={e.id} className={cn('rounded-2xl border-l-4 p-4 ring-1 ring-line/70', EVENT_TONES[e.type])}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-xs font-bold uppercase tracking-wider">{PLAN_EVENT_LABELS[e.type]}</p>
                  <p className="mt-1 break-words font-semibold text-navy-900">{e.title}</p>
                  <p className="text-sm text-muted">
                    {shortDate(e.date, { weekday: 'long', month: 'short', day: 'numeric' })} · {clockTime(e.time)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button variant="ghost" size="sm" onClick={() => onEdit(e)} aria-label={`Edit ${e.title}`}>
                    Edit
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => onDelete(e)} aria-label={`Delete ${e.title}`}>
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Button variant="secondary" size="lg" onClick={onAdd}>
        Add New Event
      </Button>
    </section>
  );
}

function PlanBody({ data }: { data: PlanResponse }) {
  const { status, show } = useStatus();
  const [changing, setChanging] = useState(false);
  const [eventOpen, setEventOpen] = useState(false);
  const [editing, setEditing] = useState<PlanEventView | null>(null);
  const [removing, setRemoving] = useState<PlanEventView | null>(null);
  const remove = useDeleteEvent({
    onSuccess: () => {
      setRemoving(null);
      show('success', 'Event deleted.');
    },
    onError: (err) => show('error', userMessage(err, 'The event could not be deleted.')),
  });
  const { settings, plan } = data;
  const eventsByDate = new Map<string, PlanEventView[]>();
  for (const e of data.events) eventsByDate.set(e.date, [...(eventsByDate.get(e.date) ?? []), e]);
  const dueByDate = new Map<string, MyAssignmentView[]>();
  for (const a of data.assignments) dueByDate.set(a.dueDate, [...(dueByDate.get(a.dueDate) ?? []), a]);
  const daysLeft = settings ? dayOfDate(settings.examDate) - dayOfDate(data.today) : 0;
  const recent = plan?.past.slice(-7) ?? [];

  const events = (
    <EventsSection
      events={data.events}
      onAdd={() => {
        setEditing(null);
        setEventOpen(true);
      }}
      onEdit={(e) => {
        setEditing(e);
        setEventOpen(true);
      }}
      onDelete={setRemoving}
    />
  );

  return (
    <>
      <Toast message={status} />
      <div className="px-4 py-5">
        <div className="mx-auto w-full max-w-2xl lg:grid lg:max-w-5xl lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6">
          <div className="space-y-5">
            {!settings && (
              <section className={card} aria-labelledby="setup-title">
                <h2 id="setup-title" className="text-xl font-bold text-navy-900">
                  When is your exam?
                </h2>
                <p className="mt-1 text-[15px] text-muted">Set your NREMT exam date and MedicPrep builds your study plan to that day.</p>
                <Intro />
                <div className="mt-6">
                  <PlanSetup
                    levels={data.levels}
                    today={data.today}
                    current={null}
                    submitLabel="Build my plan"
                    onSaved={() => show('success', 'Your plan is ready.')}
                    onError={(m) => show('error', m)}
                  />
                </div>
              </section>
            )}

            {settings && plan?.examPassed && (
              <section className={card} aria-labelledby="after-title">
                <h2 id="after-title" className="text-xl font-bold text-navy-900">
                  How did your exam go?
                </h2>
                <p className="mt-1 text-[15px] text-muted">
                  Your NREMT {settings.level} exam was on {shortDate(settings.examDate, { weekday: 'long', month: 'long', day: 'numeric' })}
                  . Tell us the result: it helps MedicPrep judge readiness for every student.
                </p>
                <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                  <ButtonLink to="/progress#nremt-heading">Report your result</ButtonLink>
                  <Button variant="secondary" onClick={() => setChanging(true)}>
                    Plan for a new exam date
                  </Button>
                </div>
              </section>
            )}

            {settings && plan && !plan.examPassed && (
              <>
                <section className={cn(card, 'space-y-3')} aria-labelledby="plan-title">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <h2 id="plan-title" className="text-xl font-bold text-navy-900">
                        NREMT {settings.level} exam
                      </h2>
                      <p className="text-[15px] text-muted">
                        {shortDate(settings.examDate, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })}
                      </p>
                    </div>
                    <p className="shrink-0 rounded-2xl bg-navy-900 px-3 py-2 text-center text-white">
                      <span className="block text-2xl font-bold leading-none">{daysLeft}</span>
                      <span className="text-[11px] font-semibold uppercase tracking-wider text-white/75">
                        {daysLeft === 1 ? 'day' : 'days'} to go
                      </span>
                    </p>
                  </div>
                  <p className="text-[15px] text-ink">
                    {plan.coveredBy
                      ? `Every domain covered by ${shortDate(plan.coveredBy, { weekday: 'long', month: 'short', day: 'numeric' })}. Rest day: ${WEEKDAYS[settings.restWeekday]}.`
                      : `Rest day: ${WEEKDAYS[settings.restWeekday]}.`}
                  </p>
                  {(plan.unplanned.newCards > 0 || plan.unplanned.questions > 0) && (
                    <Alert tone="warning">
                      The days left hold at most 40 new cards and 40 new questions a day:{' '}
                      {[
                        plan.unplanned.newCards ? plural(plan.unplanned.newCards, 'card') : '',
                        plan.unplanned.questions ? plural(plan.unplanned.questions, 'question') : '',
                      ]
                        .filter(Boolean)
                        .join(' and ')}{' '}
                      will not fit before the exam.
                    </Alert>
                  )}
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <Legend />
                    <Button variant="secondary" size="sm" onClick={() => setChanging(true)}>
                      Change exam date
                    </Button>
                  </div>
                </section>

                {recent.length > 0 && (
                  <section aria-labelledby="recent-title" className="space-y-2">
                    <h2 id="recent-title" className="text-lg font-bold">
                      Last days
                    </h2>
                    <ul className="space-y-2">
                      {recent.map((d) => (
                        <PastRow key={d.date} day={d} />
                      ))}
                    </ul>
                  </section>
                )}

                <section aria-labelledby="days-title" className="space-y-4">
                  <h2 id="days-title" className="text-lg font-bold">
                    Day by day
                  </h2>
                  {byWeek(plan.days).map((w) => (
                    <div key={w.start} className="space-y-2">
                      <h3 className="text-xs font-bold uppercase tracking-wider text-muted">
                        Week of {shortDate(w.start, { month: 'short', day: 'numeric' })}
                      </h3>
                      <ol className="space-y-2">
                        {w.days.map((d) => (
                          <DayRow
                            key={d.date}
                            day={d}
                            today={data.today}
                            events={eventsByDate.get(d.date) ?? []}
                            assignments={dueByDate.get(d.date) ?? []}
                          />
                        ))}
                      </ol>
                    </div>
                  ))}
                </section>
              </>
            )}
          </div>

          <aside className="mt-6 space-y-6 lg:sticky lg:top-4 lg:mt-0">
            <AssignmentsSection assignments={data.assignments} today={data.today} />
            {events}
            {settings && <ExportSection feedUrl={data.feedUrl} onStatus={show} />}
          </aside>
        </div>
      </div>

      <Modal open={changing} onOpenChange={setChanging} title="Change your exam" description="The plan is worked out again from today.">
        {changing && (
          <div className="mt-4">
            <PlanSetup
              levels={data.levels}
              today={data.today}
              current={settings}
              submitLabel="Save plan"
              onSaved={() => {
                setChanging(false);
                show('success', 'Your plan is updated.');
              }}
              onError={(m) => show('error', m)}
            />
          </div>
        )}
      </Modal>
      <EventDialog
        open={eventOpen}
        onOpenChange={setEventOpen}
        editing={editing}
        today={data.today}
        onSaved={(m) => {
          setEventOpen(false);
          show('success', m);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Delete this event?"
        confirmLabel="Delete event"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      >
        {removing && (
          <p>
            “{removing.title}” on {shortDate(removing.date, { weekday: 'long', month: 'short', day: 'numeric' })} at{' '}
            {clockTime(removing.time)}.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

export default function CalendarPage() {
  const navigate = useNavigate();
  const plan = usePlan();
  const today = nowDate().toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <>
      <header className="surface-dark bg-navy-900 px-4 pb-6 pt-[calc(env(safe-area-inset-top)+1rem)] text-white">
        <div className="mx-auto flex w-full max-w-2xl items-center justify-between lg:max-w-5xl">
          <Button variant="light" size="sm" onClick={() => navigate('/home')}>
            Home
          </Button>
        </div>
        <div className="mx-auto mt-3 w-full max-w-2xl lg:max-w-5xl">
          <h1 className="text-2xl font-bold tracking-tight">Your Schedule</h1>
          <p className="mt-1 text-white/75">{today}</p>
        </div>
      </header>
      <main>
        {plan.data ? (
          <PlanBody data={plan.data} />
        ) : plan.isError ? (
          <div className="mx-auto max-w-2xl px-4 py-5">
            <LoadError
              error={plan.error}
              fallback="Your plan could not be loaded."
              onRetry={() => plan.refetch()}
              retrying={plan.isFetching}
            />
          </div>
        ) : (
          <div className="mx-auto max-w-2xl space-y-3 px-4 py-5" aria-busy="true">
            <div className="h-40 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
            <div className="h-24 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
          </div>
        )}
      </main>
    </>
  );
}
