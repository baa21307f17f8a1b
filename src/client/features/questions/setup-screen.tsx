import type { ContentLevel, FlashcardCategory } from '@shared/constants';
import { QUESTION_COUNTS, QUESTION_FILTERS, type QuestionFilter, type QuestionMode } from '@shared/questions';
import { startSessionSchema, type QuestionOptions, type QuestionSession } from '@shared/contracts/questions';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonLink } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useQuestionOptions } from './api/get-question-options';
import { useStartSession } from './api/start-session';

const FILTER_LABELS: Record<QuestionFilter, string> = { all: 'All', unseen: 'Unseen', missed: 'Missed', flagged: 'Flagged' };
const MODES: { mode: QuestionMode; label: string; hint: string }[] = [
  { mode: 'tutor', label: 'Tutor', hint: 'Feedback and rationales after each question' },
  { mode: 'timed', label: 'Timed quiz', hint: 'About 1 minute per question, feedback at the end' },
];

const pill =
  'flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-xl px-3 text-[15px] font-semibold ring-1 ring-inset transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus bg-white text-navy-800 ring-line hover:bg-navy-50 has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:checked]:ring-navy-900';
const check =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 text-[15px] text-ink hover:bg-navy-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="relative rounded-card bg-surface p-5 shadow-sm ring-1 ring-line/70 sm:p-6">
      <legend className="float-left flex min-h-11 w-full items-center pb-2 text-lg font-bold text-navy-900">{title}</legend>
      {action && <div className="absolute right-3 top-5 sm:right-4 sm:top-6">{action}</div>}
      <div className="clear-both">{children}</div>
    </fieldset>
  );
}

/** Choosing a session: level (students of both levels), mode, size, which items, domains and topics; then Start. */
export function SetupScreen({ onStarted, current }: { onStarted: (s: QuestionSession) => void; current: QuestionSession | null }) {
  const [level, setLevel] = useState<ContentLevel | null>(null);
  // read afresh each time the setup opens (api/get-question-options.ts)
  const options = useQuestionOptions(level);
  return (
    <>
      <ScreenHeader title="Question Bank" subtitle="NREMT-style practice with a rationale for every answer" />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {current && <ResumeCard session={current} />}
        {options.isError && (
          <Alert tone="error">
            {userMessage(options.error, 'Failed to load the question bank.')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void options.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {options.isPending && (
          <div className="space-y-4" aria-busy="true" aria-label="Loading">
            <div className="h-36 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
            <div className="h-64 animate-pulse rounded-card bg-white ring-1 ring-line/70" />
          </div>
        )}
        {options.data && <SetupForm key={options.data.level} options={options.data} onLevel={setLevel} onStarted={onStarted} />}
      </main>
    </>
  );
}

function ResumeCard({ session }: { session: QuestionSession }) {
  const answered = Object.keys(session.answers).length;
  return (
    <section className="flex flex-col gap-3 rounded-card bg-navy-900 p-5 text-white shadow-sm surface-dark sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-bold">Continue your {session.mode === 'tutor' ? 'tutor session' : 'timed quiz'}</h2>
        <p className="mt-0.5 text-[15px] text-white/75">
          {session.level} · {answered} of {session.count} answered
        </p>
      </div>
      <ButtonLink to={`/questions?session=${session.id}`} variant="light">
        Continue
      </ButtonLink>
    </section>
  );
}

function SetupForm({
  options,
  onLevel,
  onStarted,
}: {
  options: QuestionOptions;
  onLevel: (l: ContentLevel) => void;
  onStarted: (s: QuestionSession) => void;
}) {
  const allDomains = options.domains.map((d) => d.name);
  const allTopics = options.topics.filter((t) => t.available > 0).map((t) => t.name as FlashcardCategory);
  const form = useZodForm(startSessionSchema, {
    defaultValues: { level: options.level, domains: allDomains, topics: allTopics, count: 10, filter: 'all', mode: 'tutor' },
  });
  const v = form.watch();
  const domains = v.domains ?? [];
  const topics = v.topics ?? [];
  const [failure, setFailure] = useState<string | null>(null);
  const set = form.setValue;

  const start = useStartSession({
    onMutate: () => setFailure(null),
    onSuccess: onStarted,
    onError: (err) => {
      if (!setServerIssues(form, err)) setFailure(userMessage(err, 'Failed to start the practice session. Please try again.'));
    },
  });

  const toggle = <T extends string>(list: T[], value: T) => (list.includes(value) ? list.filter((x) => x !== value) : [...list, value]);
  const onSubmit = form.handleSubmit((values) => {
    if ((values.domains ?? []).length === 0) return form.setError('domains', { message: 'Choose at least one domain.' });
    if ((values.topics ?? []).length === 0) return form.setError('topics', { message: 'Choose at least one topic.' });
    start.mutate({
      ...values,
      // every box ticked = no restriction (items of topics added later included)
      domains: values.domains.length === allDomains.length ? [] : values.domains,
      topics: values.topics.length === allTopics.length ? [] : values.topics,
    });
  });
  const errors = form.formState.errors;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {options.levels.length > 1 && (
        <Section title="Level">
          <div className="grid grid-cols-2 gap-2">
            {options.levels.map((l) => (
              <label key={l} className={pill}>
                <input type="radio" name="level" className="sr-only" checked={v.level === l} onChange={() => onLevel(l)} />
                {l}
              </label>
            ))}
          </div>
        </Section>
      )}

      <Section title="Mode">
        <div className="grid gap-2 sm:grid-cols-2">
          {MODES.map((m) => (
            <label
              key={m.mode}
              className="flex min-h-16 cursor-pointer items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-inset ring-line hover:bg-navy-50 has-[:checked]:bg-navy-50 has-[:checked]:ring-2 has-[:checked]:ring-navy-600 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
            >
              <input
                type="radio"
                name="mode"
                className="mt-0.5 size-5 shrink-0 accent-navy-900 focus-visible:outline-none"
                checked={v.mode === m.mode}
                onChange={() => set('mode', m.mode)}
              />
              <span>
                <span className="block text-[15px] font-bold text-navy-900">{m.label}</span>
                <span className="mt-0.5 block text-sm text-muted">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </Section>

      <Section title="Questions">
        <div className="grid grid-cols-3 gap-2" role="radiogroup" aria-label="Number of questions">
          {QUESTION_COUNTS.map((n) => (
            <label key={n} className={pill}>
              <input type="radio" name="count" className="sr-only" checked={v.count === n} onChange={() => set('count', n)} />
              {n}
            </label>
          ))}
        </div>
        <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup" aria-label="Which questions">
          {QUESTION_FILTERS.map((f) => (
            <label key={f} className={cn(pill, 'flex-col gap-0 py-1.5 leading-tight')}>
              <input type="radio" name="filter" className="sr-only" checked={v.filter === f} onChange={() => set('filter', f)} />
              {FILTER_LABELS[f]}
              <span className="text-xs font-medium opacity-75">
                {options.counts[f]} {options.counts[f] === 1 ? 'question' : 'questions'}
              </span>
            </label>
          ))}
        </div>
      </Section>

      <Section
        title="Domains"
        action={
          <button
            type="button"
            className="min-h-11 rounded-lg px-2 text-sm font-semibold text-navy-700 hover:bg-navy-50"
            onClick={() => set('domains', domains.length === allDomains.length ? [] : allDomains)}
          >
            {domains.length === allDomains.length ? 'Clear all' : 'Select all'}
          </button>
        }
      >
        <div className="-mx-3 grid">
          {options.domains.map((d) => (
            <label key={d.name} className={check}>
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-navy-900"
                checked={domains.includes(d.name)}
                disabled={d.available === 0}
                onChange={() => set('domains', toggle(domains, d.name), { shouldValidate: form.formState.isSubmitted })}
              />
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{d.name}</span>
                <span className="block text-xs text-muted">Exam weight {d.weight}</span>
              </span>
              <span className="shrink-0 rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-bold tabular-nums text-navy-800">
                {d.available}
              </span>
            </label>
          ))}
        </div>
        {errors.domains && (
          <p className="mt-2 text-sm text-signal-600" role="alert">
            {errors.domains.message}
          </p>
        )}
      </Section>

      <details className="group rounded-card bg-surface shadow-sm ring-1 ring-line/70">
        <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-3 px-5 text-lg font-bold text-navy-900 sm:px-6 [&::-webkit-details-marker]:hidden">
          Topics
          <span className="text-sm font-semibold text-muted">
            {topics.length === allTopics.length ? 'All topics' : `${topics.length} of ${allTopics.length}`}
          </span>
        </summary>
        <fieldset className="px-5 pb-5 sm:px-6">
          <legend className="sr-only">Topics</legend>
          <div className="flex justify-end">
            <button
              type="button"
              className="min-h-11 rounded-lg px-2 text-sm font-semibold text-navy-700 hover:bg-navy-50"
              onClick={() => set('topics', topics.length === allTopics.length ? [] : allTopics)}
            >
              {topics.length === allTopics.length ? 'Clear all' : 'Select all'}
            </button>
          </div>
          <div className="-mx-3 grid sm:grid-cols-2">
            {options.topics
              .filter((t) => t.available > 0)
              .map((t) => (
                <label key={t.name} className={check}>
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-navy-900"
                    checked={topics.includes(t.name as FlashcardCategory)}
                    onChange={() =>
                      set('topics', toggle(topics, t.name as FlashcardCategory), { shouldValidate: form.formState.isSubmitted })
                    }
                  />
                  <span className="min-w-0 flex-1 font-medium">{t.name}</span>
                  <span className="shrink-0 text-xs font-bold tabular-nums text-muted">{t.available}</span>
                </label>
              ))}
          </div>
        </fieldset>
      </details>
      {errors.topics && (
        <p className="text-sm text-signal-600" role="alert">
          {errors.topics.message}
        </p>
      )}

      {failure && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" size="lg" loading={start.isPending}>
        Start
      </Button>
    </form>
  );
}
