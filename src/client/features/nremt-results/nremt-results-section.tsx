import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { ContentLevel } from '@shared/constants';
import { nremtResultBody, type NremtResultBody, type NremtResultView } from '@shared/contracts/nremt-results';
import { MAX_NREMT_ATTEMPT, NREMT_RESULT_LABELS, shouldAskForNremtResult } from '@shared/nremt-results';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useDeleteResult } from './api/delete-result';
import { useMyResults } from './api/list-results';
import { useSaveResult } from './api/save-result';
import { nowDate } from '../../lib/clock';
import { LoadError } from '../../components/ui/load-error';

const card = 'rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70 sm:p-6';
const choice =
  'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-[15px] font-semibold ring-1 ring-line has-[:checked]:bg-navy-50 has-[:checked]:ring-2 has-[:checked]:ring-navy-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-600';

/** The student's own calendar day, YYYY-MM-DD (the date picker's upper bound; the server judges by the latest zone). */
const localToday = () => {
  const d = nowDate();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const longDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-signal-600">
      {message}
    </p>
  ) : null;
}

/**
 * "How did your NREMT exam go?": the student reports a sitting (date, passed or not, which attempt) and sees, edits and
 * deletes their reports. On /progress it is offered at any time; a screen that knows the exam date the student set (the
 * study plan) passes `examDate`, and the section then asks outright once that day has passed with nothing reported for it.
 */
export function NremtResultsSection({ levels, examDate = null }: { levels: readonly ContentLevel[]; examDate?: string | null }) {
  const results = useMyResults();
  const { status, show } = useStatus();
  const [editing, setEditing] = useState<NremtResultView | null>(null);
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState<NremtResultView | null>(null);
  const blank: DefaultValues<NremtResultBody> = { level: levels[0] ?? 'Paramedic', examDate: '', attempt: 1 };
  const form = useZodForm(nremtResultBody, { defaultValues: blank });
  const { errors } = form.formState;

  const done = (message: string) => {
    form.reset(blank);
    setEditing(null);
    setOpen(false);
    show('success', message);
  };
  const save = useSaveResult(editing?.id ?? null, {
    onSuccess: () => done(editing ? 'Your result is updated.' : 'Thank you: your result is saved.'),
    onError: (err) => {
      if (!setServerIssues(form, err)) show('error', userMessage(err, 'Your result could not be saved. Please try again.'));
    },
  });
  const remove = useDeleteResult({
    onSuccess: () => {
      setRemoving(null);
      show('success', 'Your result is deleted.');
    },
    onError: (err) => {
      setRemoving(null);
      show('error', userMessage(err, 'Your result could not be deleted. Please try again.'));
    },
  });

  const startEdit = (r: NremtResultView) => {
    setEditing(r);
    setOpen(true);
    form.reset({ level: r.level, examDate: r.examDate, result: r.result, attempt: r.attempt });
  };
  const cancel = () => {
    setEditing(null);
    setOpen(false);
    form.reset(blank);
  };
  const list = results.data ?? [];
  const ask = shouldAskForNremtResult(
    examDate,
    localToday(),
    list.map((r) => r.examDate),
  );
  const showForm = open || ask || (results.isSuccess && list.length === 0);
  const allLevels = levels.length ? levels : (['Paramedic', 'EMT'] as const);

  return (
    <section className={card} aria-labelledby="nremt-heading">
      <h2 id="nremt-heading" className="text-lg font-bold text-navy-900">
        How did your NREMT exam go?
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-muted">
        Tell us your result, pass or not: it is how MedicPrep checks its readiness estimate against the real exam. Only you and
        MedicPrep&apos;s administrators see your results.
      </p>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
      {results.isError && (
        <LoadError
          className="mt-3"
          error={results.error}
          fallback="Your results could not be loaded."
          onRetry={results.refetch}
          retrying={results.isFetching}
        />
      )}

      {list.length > 0 && (
        <ul className="mt-4 divide-y divide-line" aria-label="Your NREMT results">
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-[15px] font-semibold text-ink">
                  {r.level} ·{' '}
                  <span className={r.result === 'passed' ? 'text-go-700' : 'text-signal-700'}>{NREMT_RESULT_LABELS[r.result]}</span>
                </p>
                <p className="text-sm text-muted">
                  {longDate(r.examDate)} · {ordinal(r.attempt)} attempt{r.source === 'import' ? ' · added by your program' : ''}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => startEdit(r)}
                  aria-label={`Edit the ${r.level} result of ${longDate(r.examDate)}`}
                >
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(r)}
                  aria-label={`Delete the ${r.level} result of ${longDate(r.examDate)}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {!showForm && (
        <Button className="mt-4" variant="secondary" onClick={() => setOpen(true)}>
          Report another result
        </Button>
      )}

      {showForm && (
        <form
          className="mt-4 space-y-5"
          noValidate
          aria-label={editing ? 'Edit your NREMT result' : 'Report your NREMT result'}
          onSubmit={form.handleSubmit((v) => save.mutate(v))}
        >
          {allLevels.length > 1 && (
            <fieldset className="space-y-2" aria-describedby={errors.level ? 'nremt-level-error' : undefined}>
              <legend className="text-sm font-semibold text-navy-900">Exam</legend>
              <div className="grid grid-cols-2 gap-2">
                {allLevels.map((l) => (
                  <label key={l} className={choice}>
                    <input type="radio" value={l} className="size-4 accent-navy-700" {...form.register('level')} />
                    {l}
                  </label>
                ))}
              </div>
              <FieldError id="nremt-level-error" message={errors.level?.message} />
            </fieldset>
          )}
          <TextField
            label="Date of the exam"
            type="date"
            max={localToday()}
            error={errors.examDate?.message}
            {...form.register('examDate')}
          />
          <fieldset className="space-y-2" aria-describedby={errors.result ? 'nremt-result-error' : undefined}>
            <legend className="text-sm font-semibold text-navy-900">Result</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['passed', 'failed'] as const).map((r) => (
                <label key={r} className={choice}>
                  <input type="radio" value={r} className="size-4 accent-navy-700" {...form.register('result')} />
                  {NREMT_RESULT_LABELS[r]}
                </label>
              ))}
            </div>
            <FieldError id="nremt-result-error" message={errors.result?.message} />
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="nremt-attempt" className="text-sm font-semibold text-navy-900">
              Attempt
            </label>
            <select
              id="nremt-attempt"
              aria-invalid={errors.attempt ? true : undefined}
              aria-describedby={errors.attempt ? 'nremt-attempt-error' : undefined}
              className={cn(
                'min-h-12 rounded-xl border bg-white px-3 text-base text-ink focus:border-navy-600',
                errors.attempt ? 'border-signal-500' : 'border-line',
              )}
              {...form.register('attempt', { valueAsNumber: true })}
            >
              {Array.from({ length: MAX_NREMT_ATTEMPT }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {ordinal(n)} attempt
                </option>
              ))}
            </select>
            <FieldError id="nremt-attempt-error" message={errors.attempt?.message} />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" size="lg" loading={save.isPending} className="sm:w-auto">
              {editing ? 'Save changes' : 'Save result'}
            </Button>
            {(editing || list.length > 0) && (
              <Button type="button" variant="ghost" size="lg" className="sm:w-auto" onClick={cancel}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Delete this result?"
        confirmLabel="Delete result"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      >
        {removing && (
          <p>
            Your {removing.level} result of {longDate(removing.examDate)} ({NREMT_RESULT_LABELS[removing.result].toLowerCase()}) will be
            removed.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
