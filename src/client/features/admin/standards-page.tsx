import { useState } from 'react';
import {
  addPanelistBody,
  createStudyBody,
  type CreateStudyBody,
  type RoundResult,
  type SpreadView,
  type StudyResultsResponse,
  type StudyView,
} from '@shared/contracts/standard-setting';
import { STUDY_ITEMS, type StudyStatus } from '@shared/standard-setting';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useStatus, type StatusTone } from '../../lib/use-status';
import { useAddPanelist } from './api/add-panelist';
import { useAdvanceStudy } from './api/advance-study';
import { useCreateStudy } from './api/create-study';
import { useStudies } from './api/get-studies';
import { useStudyResults } from './api/get-study-results';
import { useRemovePanelist } from './api/remove-panelist';
import { shortDate } from './format';
import { useAdminGuard } from './use-admin-guard';

const card = 'rounded-card bg-surface p-5 ring-1 ring-line/70 sm:p-6';
const whole = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));
const logit = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);

export const STATUS_LABELS: Record<StudyStatus, string> = {
  draft: 'Draft',
  round1: 'Round 1 open',
  round2: 'Round 2 open',
  closed: 'Closed',
  adopted: 'Adopted',
};

/**
 * /admin/standards: standard-setting studies (modified Angoff, docs/decisions/109-standard-setting-by-a-panel.md) — create
 * one (the server samples the items), invite the panel, open the rounds and follow each panelist's progress, read the
 * results (the cut ± SE per round, the impact, the spread per item) and adopt the round-2 cut after a confirmation.
 */
export default function StandardsPage() {
  const isAdmin = useAdminGuard();
  const q = useStudies({ enabled: isAdmin });
  const { status, show } = useStatus();
  if (!isAdmin) return null;
  return (
    <>
      <ScreenHeader title="Standards" subtitle="Passing standards set by a panel of educators" />
      <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-5">
        <p className="text-sm text-muted">
          Panelists rate each item: of 100 minimally competent entry-level candidates, how many answer it right. The cut is the ability at
          which the expected score on the items equals the sum of the ratings; its SE comes from the spread of the panelists&rsquo; own
          cuts.
        </p>
        <CreateStudyCard onStatus={show} />
        <div aria-live="polite" className="empty:hidden">
          {status && <Alert tone={status.tone}>{status.text}</Alert>}
        </div>
        {q.isError && <LoadError error={q.error} fallback="The studies could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />}
        {q.isPending && <div className="h-48 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-hidden="true" />}
        {q.data && q.data.studies.length === 0 && <p className="text-[15px] text-muted">No study yet.</p>}
        <ul className="space-y-4">
          {q.data?.studies.map((s) => (
            <StudyCard key={s.id} study={s} onStatus={show} />
          ))}
        </ul>
      </main>
    </>
  );
}

function CreateStudyCard({ onStatus }: { onStatus: (tone: StatusTone, text: string) => void }) {
  const form = useZodForm(createStudyBody, {
    defaultValues: { level: 'EMT', title: '', items: STUDY_ITEMS.default } satisfies CreateStudyBody,
  });
  const create = useCreateStudy({
    onSuccess: (s) => {
      onStatus('success', `Study “${s.title}” created with ${s.items} items. Invite the panel, then open round 1.`);
      form.reset({ level: s.level, title: '', items: STUDY_ITEMS.default });
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onError: (err) => {
        if (setServerIssues(form, err)) create.reset();
      },
    }),
  );
  return (
    <section className={card} aria-labelledby="new-study">
      <h2 id="new-study" className="text-lg font-bold text-navy-900">
        New study
      </h2>
      <form onSubmit={submit} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto_8rem_auto] sm:items-end" noValidate>
        <TextField label="Title" placeholder="EMT panel, spring 2027" error={errors.title?.message} {...form.register('title')} />
        <fieldset>
          <legend className="text-sm font-semibold text-navy-900">Level</legend>
          <div className="mt-1.5 flex gap-2">
            {(['EMT', 'Paramedic'] as const).map((l) => (
              <label
                key={l}
                className="flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl bg-white px-3 font-semibold ring-1 ring-line has-[:checked]:bg-navy-900 has-[:checked]:text-white"
              >
                <input type="radio" value={l} className="sr-only" {...form.register('level')} />
                {l}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Items"
          type="number"
          inputMode="numeric"
          min={STUDY_ITEMS.min}
          max={STUDY_ITEMS.max}
          error={errors.items?.message}
          {...form.register('items', { setValueAs: whole })}
        />
        <Button type="submit" loading={create.isPending}>
          Create Study
        </Button>
      </form>
      {create.isError && (
        <Alert tone="error" className="mt-3">
          {userMessage(create.error, 'The study could not be created.')}
        </Alert>
      )}
    </section>
  );
}

const NEXT_STEP: Partial<Record<StudyStatus, { to: 'round1' | 'round2' | 'close' | 'adopt'; label: string; done: string }>> = {
  draft: { to: 'round1', label: 'Open Round 1', done: 'Round 1 is open: panelists can rate.' },
  round1: { to: 'round2', label: 'Open Round 2', done: 'Round 2 is open: panelists see the panel’s ratings and the impact.' },
  round2: { to: 'close', label: 'Close Study', done: 'The study is closed: ratings can no longer change.' },
  closed: { to: 'adopt', label: 'Adopt Standard', done: 'Adopted: every exam begun from now on is scored against this standard.' },
};

function StudyCard({ study: s, onStatus }: { study: StudyView; onStatus: (tone: StatusTone, text: string) => void }) {
  const [showResults, setShowResults] = useState(s.status === 'closed');
  const [confirming, setConfirming] = useState(false);
  const advance = useAdvanceStudy({
    onSuccess: (_, v) => {
      setConfirming(false);
      onStatus('success', NEXT_STEP[s.status]?.to === v.to ? NEXT_STEP[s.status]!.done : 'Done.');
      if (v.to === 'close') setShowResults(true);
    },
    onError: (err) => {
      setConfirming(false);
      onStatus('error', userMessage(err, 'The study could not be moved on.'));
    },
  });
  const remove = useRemovePanelist({ onError: (err) => onStatus('error', userMessage(err, 'The panelist could not be removed.')) });
  const next = NEXT_STEP[s.status];
  const invitable = s.status === 'draft' || s.status === 'round1' || s.status === 'round2';
  const round = s.status === 'round2' ? 2 : 1;
  const headingId = `study-${s.id}`;
  return (
    <li className={card} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-bold text-navy-900">
            {s.title}
          </h2>
          <p className="text-sm text-muted">
            {s.level} · {s.items} items · created {shortDate(s.createdAt)}
            {s.adoptedAt ? ` · adopted ${shortDate(s.adoptedAt)}` : ''}
          </p>
        </div>
        <span
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 text-xs font-bold uppercase',
            s.status === 'adopted'
              ? 'bg-go-100 text-go-700'
              : s.status === 'closed'
                ? 'bg-navy-100 text-navy-800'
                : 'bg-signal-100 text-signal-700',
          )}
        >
          {STATUS_LABELS[s.status]}
        </span>
      </div>

      <h3 className="mt-4 text-sm font-bold uppercase tracking-wider text-muted">Panel</h3>
      {s.panelists.length === 0 ? (
        <p className="mt-1 text-[15px] text-muted">No panelist yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-line/70">
          {s.panelists.map((p) => (
            <li key={p.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block truncate font-semibold">{p.name || p.email}</span>
                <span className="block truncate text-sm text-muted">{p.email}</span>
              </span>
              <span className="flex items-center gap-3">
                <span className="text-sm tabular-nums" aria-label={`Progress of ${p.email}`}>
                  Round 1: {p.rated1} of {s.items}
                  {s.round2OpenedAt ? ` · Round 2: ${p.rated2} of ${s.items}` : ''}
                </span>
                {invitable && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => remove.mutate({ id: s.id, userId: p.userId })}
                    disabled={remove.isPending}
                    aria-label={`Remove ${p.email}`}
                  >
                    Remove
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {invitable && <InviteForm studyId={s.id} onStatus={onStatus} />}
      {s.status === 'round2' && (
        <p className="mt-2 text-sm text-muted">In round {round} a panelist who does not change an item keeps their round-1 rating of it.</p>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {next && (
          <Button
            onClick={() => (next.to === 'adopt' ? setConfirming(true) : advance.mutate({ id: s.id, to: next.to }))}
            loading={advance.isPending && !confirming}
          >
            {next.label}
          </Button>
        )}
        {s.status !== 'draft' && (
          <Button variant="secondary" onClick={() => setShowResults((v) => !v)} aria-expanded={showResults}>
            {showResults ? 'Hide Results' : 'Show Results'}
          </Button>
        )}
      </div>
      {showResults && <Results studyId={s.id} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Adopt this standard?"
        confirmLabel="Adopt Standard"
        cancelLabel="Not yet"
        tone="primary"
        busy={advance.isPending}
        onConfirm={() => advance.mutate({ id: s.id, to: 'adopt' })}
      >
        The round-2 cut becomes the {s.level} passing standard. Every practice exam begun from now on is scored against it; exams begun
        before keep the standard they began with. The earlier standards and this study are kept.
      </ConfirmDialog>
    </li>
  );
}

function InviteForm({ studyId, onStatus }: { studyId: string; onStatus: (tone: StatusTone, text: string) => void }) {
  const form = useZodForm(addPanelistBody, { defaultValues: { email: '' } });
  const add = useAddPanelist({
    onSuccess: () => {
      onStatus('success', 'Panelist added.');
      form.reset({ email: '' });
    },
  });
  const submit = form.handleSubmit((v) =>
    add.mutate(
      { id: studyId, email: v.email },
      {
        onError: (err) => {
          if (setServerIssues(form, err)) add.reset();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
      <TextField
        label="Invite a panelist"
        type="email"
        placeholder="educator@example.com"
        hint="A user with the panelist or admin role"
        className="flex-1"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" variant="secondary" loading={add.isPending}>
        Invite
      </Button>
      {add.isError && <Alert tone="error">{userMessage(add.error, 'The panelist could not be added.')}</Alert>}
    </form>
  );
}

function Results({ studyId }: { studyId: string }) {
  const q = useStudyResults(studyId);
  if (q.isError)
    return <LoadError error={q.error} fallback="The results could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />;
  if (!q.data) return <div className="mt-4 h-40 animate-pulse rounded-xl bg-canvas" aria-hidden="true" />;
  return <ResultsTables data={q.data} />;
}

const spreadText = (s: SpreadView | null) =>
  s === null ? '—' : `${s.mean.toFixed(1)} (${s.min}–${s.max})${s.sd === null ? '' : ` SD ${s.sd.toFixed(1)}`}`;

function impactText(r: RoundResult) {
  if (!r.impact || r.impact.share === null) return 'no takers yet';
  return `${pct(r.impact.share)} of ${r.impact.takers}`;
}

function ResultsTables({ data }: { data: StudyResultsResponse }) {
  const hasRound2 = data.rounds.length > 1;
  return (
    <div className="mt-4 space-y-4">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="The cut per round">
        <table className="w-full text-left text-[15px] tabular-nums">
          <caption className="sr-only">The cut per round</caption>
          <thead className="text-sm text-muted">
            <tr>
              <th className="py-1 font-semibold">Round</th>
              <th className="py-1 text-right font-semibold">Cut (logit)</th>
              <th className="py-1 text-right font-semibold">Panelists</th>
              <th className="py-1 text-right font-semibold">Would pass</th>
            </tr>
          </thead>
          <tbody>
            {data.rounds.map((r) => (
              <tr key={r.round} className="border-t border-line/70">
                <th scope="row" className="py-1.5 font-semibold">
                  Round {r.round}
                </th>
                <td className="py-1.5 text-right" data-testid={`cut-round-${r.round}`}>
                  {logit(r.cut)}
                  {r.se !== null ? ` ± ${r.se.toFixed(2)}` : ''}
                </td>
                <td className="py-1.5 text-right">{r.panelists}</td>
                <td className="py-1.5 text-right">{impactText(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-1 text-sm text-muted">
          ± is the cut&rsquo;s standard error from the panelists&rsquo; spread. &ldquo;Would pass&rdquo;: recent practice-exam takers of the
          level whose latest estimate is at or above the cut.
        </p>
      </div>
      {/* a scrolled region is reachable by keyboard (WCAG 2.1.1) */}
      <div className="max-h-[28rem] overflow-auto rounded-xl ring-1 ring-line/70" tabIndex={0} role="region" aria-label="Ratings per item">
        <table className="w-full min-w-[40rem] text-left text-sm tabular-nums">
          <caption className="sr-only">Ratings per item</caption>
          <thead className="sticky top-0 bg-surface text-muted">
            <tr>
              <th className="px-2 py-1.5 font-semibold">#</th>
              <th className="px-2 py-1.5 font-semibold">Item</th>
              <th className="px-2 py-1.5 text-right font-semibold">Difficulty</th>
              <th className="px-2 py-1.5 text-right font-semibold">Round 1 mean (range)</th>
              {hasRound2 && <th className="px-2 py-1.5 text-right font-semibold">Round 2 mean (range)</th>}
            </tr>
          </thead>
          <tbody>
            {data.items.map((it) => (
              <tr key={it.key} className="border-t border-line/70 align-top">
                <td className="px-2 py-1.5">{it.position}</td>
                <td className="max-w-[22rem] px-2 py-1.5">
                  <span className="line-clamp-2">{it.stem}</span>
                  <span className="block text-xs text-muted">{it.domain}</span>
                </td>
                <td className="px-2 py-1.5 text-right">{it.b.toFixed(2)}</td>
                <td className="px-2 py-1.5 text-right">{spreadText(it.round1)}</td>
                {hasRound2 && <td className="px-2 py-1.5 text-right">{spreadText(it.round2)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
