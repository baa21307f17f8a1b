import { forwardRef } from 'react';
import { FLASHCARD_CATEGORIES } from '@shared/constants';
import { reviewSettingsBody } from '@shared/contracts/review';
import { NEW_PER_DAY, RETENTION } from '@shared/srs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useReviewSettings } from './api/get-review-settings';
import { useSaveReviewSettings } from './api/save-review-settings';
import { LoadError } from '../../components/ui/load-error';

const RETENTIONS = Array.from({ length: Math.round((RETENTION.max - RETENTION.min) * 100) + 1 }, (_, i) =>
  Number((RETENTION.min + i / 100).toFixed(2)),
);
const numberOrNaN = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

/**
 * The review settings, a section of the profile (docs/product.md §10.5): the flashcards' retention and the questions' own
 * (decision 091), new cards per day, the decks that feed the queue.
 */
export function ReviewSettings() {
  const q = useReviewSettings();
  const { status: message, show } = useStatus();
  const form = useZodForm(reviewSettingsBody, {
    values: q.data?.settings ?? {
      desiredRetention: RETENTION.default,
      newPerDay: NEW_PER_DAY.default,
      levels: [],
      categories: [],
      showHardEasy: false,
      questionRetention: RETENTION.default,
    },
    resetOptions: { keepDirtyValues: true },
  });
  const save = useSaveReviewSettings({
    onSuccess: (saved) => {
      form.reset(saved.settings);
      show(
        'success',
        saved.rescheduled ? `Review settings saved. ${saved.rescheduled} upcoming reviews rescheduled.` : 'Review settings saved.',
      );
    },
    onError: (err) => {
      if (!setServerIssues(form, err)) show('error', userMessage(err, 'Failed to save review settings'));
    },
  });
  const { errors } = form.formState;
  const levels = q.data?.availableLevels ?? [];

  return (
    <form
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      className="space-y-4 rounded-card bg-surface p-6 ring-1 ring-line/70"
      aria-labelledby="review-settings-title"
      noValidate
    >
      <h2 id="review-settings-title" className="text-lg font-bold">
        Review (spaced repetition)
      </h2>
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
      {q.isError && <LoadError error={q.error} fallback="Failed to load review settings." onRetry={q.refetch} retrying={q.isFetching} />}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <RetentionSelect
          id="desired-retention"
          label="Desired retention (flashcards)"
          error={errors.desiredRetention?.message}
          hint="Higher: more reviews, fewer cards forgotten."
          {...form.register('desiredRetention', { setValueAs: numberOrNaN })}
        />
        <RetentionSelect
          id="question-retention"
          label="Desired retention (questions)"
          error={errors.questionRetention?.message}
          hint="For questions you missed or answered in practice: higher brings them back sooner."
          {...form.register('questionRetention', { setValueAs: numberOrNaN })}
        />
        <TextField
          label="New cards per day"
          type="number"
          inputMode="numeric"
          min={NEW_PER_DAY.min}
          max={NEW_PER_DAY.max}
          error={errors.newPerDay?.message}
          {...form.register('newPerDay', { setValueAs: numberOrNaN })}
        />
      </div>
      {levels.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-navy-900">Course levels (none ticked: both)</legend>
          <div className="flex flex-wrap gap-4">
            {levels.map((l) => (
              <label key={l} className="inline-flex min-h-11 items-center gap-2">
                <input type="checkbox" value={l} className="size-5" {...form.register('levels')} />
                {l}
              </label>
            ))}
          </div>
          {errors.levels && <p className="text-sm text-signal-600">{errors.levels.message}</p>}
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-navy-900">Categories (none ticked: all)</legend>
        <p className="text-sm text-muted">
          Categories choose flashcard decks. Questions you answered in practice or missed in a practice exam come back whatever their topic.
        </p>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {FLASHCARD_CATEGORIES.map((c) => (
            <label key={c} className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" value={c} className="size-5" {...form.register('categories')} />
              {c}
            </label>
          ))}
        </div>
        {errors.categories && <p className="text-sm text-signal-600">{errors.categories.message}</p>}
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-5" {...form.register('showHardEasy')} />
        Show Hard and Easy after a card flips
      </label>
      <div>
        <Button type="submit" loading={save.isPending} disabled={q.isPending}>
          Save review settings
        </Button>
      </div>
    </form>
  );
}

type RetentionSelectProps = { id: string; label: string; hint: string; error?: string } & ReturnType<
  ReturnType<typeof useZodForm<typeof reviewSettingsBody>>['register']
>;

/** One desired-retention choice, 80–95 %: the flashcards' and the questions' presets are set apart (decision 091). */
const RetentionSelect = forwardRef<HTMLSelectElement, RetentionSelectProps>(function RetentionSelect(
  { id, label, hint, error, ...field },
  ref,
) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        className="min-h-12 rounded-xl border border-line bg-white px-3.5 text-base"
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        {...field}
      >
        {RETENTIONS.map((r) => (
          <option key={r} value={r}>
            {Math.round(r * 100)}%
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className={error ? 'text-sm text-signal-600' : 'text-sm text-muted'}>
        {error ?? hint}
      </p>
    </div>
  );
});
