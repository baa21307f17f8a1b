import { planEventUpdateBody, type PlanEventUpdateBody, type PlanEventView } from '@shared/contracts/plan';
import { PLAN_EVENT_LABELS, PLAN_EVENT_TYPES } from '@shared/plan';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useSaveEvent } from './api/save-event';

const DURATIONS = [30, 60, 90, 120, 180, 240, 480, 720] as const;
const durationLabel = (m: number) => (m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : `${m / 60} hours`);
const select = (bad: boolean) =>
  cn('min-h-12 rounded-xl border bg-white px-3 text-base text-ink focus:border-navy-600', bad ? 'border-signal-500' : 'border-line');

/** "Add New Event" and editing one: title, type, date, time and how long. */
export function EventDialog({
  open,
  onOpenChange,
  editing,
  today,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editing: PlanEventView | null;
  today: string;
  onSaved: (message: string) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={editing ? 'Edit event' : 'Add New Event'}>
      {open && (
        <EventForm key={editing?.id ?? 'new'} editing={editing} today={today} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}

function EventForm({
  editing,
  today,
  onSaved,
  onCancel,
}: {
  editing: PlanEventView | null;
  today: string;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(planEventUpdateBody, {
    defaultValues: editing
      ? { title: editing.title, type: editing.type, date: editing.date, time: editing.time, durationMinutes: editing.durationMinutes }
      : { title: '', type: 'class', date: today, time: '09:00', durationMinutes: 60 },
  });
  const { errors } = form.formState;
  const save = useSaveEvent({
    onSuccess: () => onSaved(editing ? 'Event updated.' : 'Event added.'),
    onError: (err) => {
      if (!setServerIssues(form, err)) form.setError('root', { message: userMessage(err, 'The event could not be saved.') });
    },
  });
  const submit = (body: PlanEventUpdateBody) => save.mutate({ id: editing?.id ?? crypto.randomUUID(), isNew: !editing, body });
  return (
    <form className="mt-4 space-y-4" noValidate onSubmit={form.handleSubmit(submit)}>
      <TextField label="Title" placeholder="ER clinical shift" error={errors.title?.message} {...form.register('title')} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="event-type" className="text-sm font-semibold text-navy-900">
          Type
        </label>
        <select id="event-type" className={select(Boolean(errors.type))} {...form.register('type')}>
          {PLAN_EVENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {PLAN_EVENT_LABELS[t]}
            </option>
          ))}
        </select>
        {errors.type?.message && <p className="text-sm text-signal-600">{errors.type.message}</p>}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
        <TextField label="Time" type="time" error={errors.time?.message} {...form.register('time')} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="event-duration" className="text-sm font-semibold text-navy-900">
          How long
        </label>
        <select
          id="event-duration"
          className={select(Boolean(errors.durationMinutes))}
          {...form.register('durationMinutes', { valueAsNumber: true })}
        >
          {DURATIONS.map((m) => (
            <option key={m} value={m}>
              {durationLabel(m)}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-muted">A clinical shift makes its day a light one in your plan.</p>
      {errors.root?.message && <p className="text-sm text-signal-600">{errors.root.message}</p>}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {editing ? 'Save changes' : 'Add event'}
        </Button>
      </div>
    </form>
  );
}
