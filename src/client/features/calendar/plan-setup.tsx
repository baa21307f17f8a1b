import type { ContentLevel } from '@shared/constants';
import { planSettingsBody, type PlanSettings, type PlanSettingsBody } from '@shared/contracts/plan';
import { WEEKDAYS } from '@shared/plan';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useSavePlan } from './api/save-plan';

const choice =
  'flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl px-3 text-[15px] font-semibold ring-1 ring-line has-[:checked]:bg-navy-50 has-[:checked]:ring-2 has-[:checked]:ring-navy-600 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-navy-600';

/** The exam date, the exam's level and the weekly rest day: first set, or changed later. */
export function PlanSetup({
  levels,
  today,
  current,
  onSaved,
  onError,
  submitLabel,
}: {
  levels: readonly ContentLevel[];
  today: string;
  current: PlanSettings | null;
  onSaved: () => void;
  onError: (message: string) => void;
  submitLabel: string;
}) {
  const form = useZodForm(planSettingsBody, {
    defaultValues: current
      ? { examDate: current.examDate, level: current.level, restWeekday: current.restWeekday }
      : { examDate: '', level: levels[0] ?? 'EMT', restWeekday: 0 },
  });
  const { errors } = form.formState;
  const save = useSavePlan({
    onSuccess: onSaved,
    onError: (err) => {
      if (!setServerIssues(form, err)) onError(userMessage(err, 'Your plan could not be saved.'));
    },
  });
  return (
    <form
      className="space-y-5"
      noValidate
      aria-label={current ? 'Change your exam date' : 'Set your exam date'}
      onSubmit={form.handleSubmit((v: PlanSettingsBody) => save.mutate(v))}
    >
      <TextField label="Exam date" type="date" min={today} error={errors.examDate?.message} {...form.register('examDate')} />
      {levels.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-navy-900">Exam</legend>
          <div className="grid grid-cols-2 gap-2">
            {levels.map((l) => (
              <label key={l} className={choice}>
                <input type="radio" value={l} className="size-4 accent-navy-700" {...form.register('level')} />
                NREMT {l}
              </label>
            ))}
          </div>
          {errors.level?.message && <p className="text-sm text-signal-600">{errors.level.message}</p>}
        </fieldset>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="plan-rest" className="text-sm font-semibold text-navy-900">
          Rest day each week
        </label>
        <select
          id="plan-rest"
          aria-invalid={errors.restWeekday ? true : undefined}
          className={cn(
            'min-h-12 rounded-xl border bg-white px-3 text-base text-ink focus:border-navy-600',
            errors.restWeekday ? 'border-signal-500' : 'border-line',
          )}
          {...form.register('restWeekday', { valueAsNumber: true })}
        >
          {WEEKDAYS.map((d, i) => (
            <option key={d} value={i}>
              {d}
            </option>
          ))}
        </select>
        {errors.restWeekday?.message && <p className="text-sm text-signal-600">{errors.restWeekday.message}</p>}
      </div>
      <Button type="submit" size="lg" loading={save.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
