import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ratingBody, type RatingItem, type RatingStudyResponse } from '@shared/contracts/standard-setting';
import { openRound } from '@shared/standard-setting';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useRatingStudy } from './api/get-rating-study';
import { useSaveRating } from './api/save-rating';
import { usePanelistGuard } from './use-panelist-guard';

/**
 * /standard-setting/:id: the panelist rates the study's items one at a time (decision 109) — phone first and keyboard
 * friendly: the number field takes the focus, Enter saves and moves on, each rating is saved as it is entered. The item
 * shows its key and rationales; round 2 adds the panel's round-1 ratings of it and the round-1 cut with its impact.
 */
export default function RatingPage() {
  const { id = '' } = useParams();
  const allowed = usePanelistGuard();
  const q = useRatingStudy(id, { enabled: allowed });
  if (!allowed) return null;
  return (
    <>
      <ScreenHeader
        title={q.data?.study.title ?? 'Standard Setting'}
        backTo="/standard-setting"
        subtitle={q.data ? `${q.data.study.level} · ${roundLabel(q.data)}` : undefined}
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        {q.isError && <LoadError error={q.error} fallback="The study could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />}
        {q.isPending && <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-hidden="true" />}
        {q.data && <Rater data={q.data} />}
      </main>
    </>
  );
}

function roundLabel(d: RatingStudyResponse) {
  const round = openRound(d.study.status);
  if (round === null) return d.study.status === 'draft' ? 'Rating opens with round 1' : 'Closed: ratings are final';
  return `Round ${round}`;
}

/** The rating this panelist has for the item in the open round; in round 2 their round-1 rating until they change it. */
const currentValue = (it: RatingItem, round: 1 | 2 | null) => (round === 2 ? (it.mine.round2 ?? it.mine.round1) : it.mine.round1);
const isRated = (it: RatingItem, round: 1 | 2 | null) => (round === 2 ? it.mine.round2 !== null : it.mine.round1 !== null);

function Rater({ data }: { data: RatingStudyResponse }) {
  const round = openRound(data.study.status);
  const firstOpen = Math.max(
    0,
    data.items.findIndex((it) => !isRated(it, round)),
  );
  const [index, setIndex] = useState(firstOpen);
  const item = data.items[index]!;
  const total = data.items.length;
  const rated = data.study.rated;
  return (
    <>
      <div>
        <p className="text-[15px] font-semibold text-navy-900" aria-live="polite" data-testid="rating-progress">
          {round === null ? `${total} items` : `${rated} of ${total} rated`}
        </p>
        <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-navy-100" aria-hidden="true">
          <div className="h-full rounded-full bg-go-600 transition-all" style={{ width: `${(rated / Math.max(1, total)) * 100}%` }} />
        </div>
      </div>
      {data.feedback && <Feedback feedback={data.feedback} />}
      <p className="rounded-xl bg-navy-50 px-4 py-3 text-[15px] font-semibold text-navy-900 ring-1 ring-navy-600/20">{data.question}</p>
      <ItemCard key={item.key} item={item} index={index} total={total} />
      <RatingForm
        key={`${item.key}-${round}`}
        studyId={data.study.id}
        item={item}
        round={round}
        atEnd={index === total - 1}
        onPrevious={index > 0 ? () => setIndex(index - 1) : undefined}
        onNext={index < total - 1 ? () => setIndex(index + 1) : undefined}
      />
    </>
  );
}

function Feedback({ feedback }: { feedback: NonNullable<RatingStudyResponse['feedback']> }) {
  const share = feedback.impact?.share;
  return (
    <section className="rounded-card bg-surface p-4 ring-1 ring-line/70" aria-labelledby="feedback-heading">
      <h2 id="feedback-heading" className="font-bold text-navy-900">
        The panel after round 1
      </h2>
      <p className="mt-1 text-[15px]">
        Cut {feedback.cut === null ? '—' : feedback.cut.toFixed(2)}
        {feedback.se !== null ? ` ± ${feedback.se.toFixed(2)}` : ''} logit.{' '}
        {share === null || share === undefined
          ? 'No recent practice-exam takers to show its impact.'
          : `At this cut ${Math.round(share * 100)} % of ${feedback.impact!.takers} recent practice-exam takers would pass.`}
      </p>
      <p className="mt-1 text-sm text-muted">You may keep or revise each rating; an item you leave keeps your round-1 rating.</p>
    </section>
  );
}

function ItemCard({ item, index, total }: { item: RatingItem; index: number; total: number }) {
  const ordered = item.type === 'build_list' ? [...item.options].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)) : item.options;
  return (
    <article className="rounded-card bg-surface p-4 ring-1 ring-line/70 sm:p-5" aria-labelledby="item-heading">
      <p className="text-sm text-muted">
        Item {index + 1} of {total} · {item.domain}
      </p>
      {item.caseText && (
        <details className="mt-2 rounded-xl bg-canvas p-3 text-[15px]">
          <summary className="cursor-pointer font-semibold">The case so far</summary>
          <p className="mt-2 whitespace-pre-line">{item.caseText}</p>
        </details>
      )}
      <h2 id="item-heading" className="mt-2 whitespace-pre-line text-[17px] font-semibold text-navy-900">
        {item.stem}
      </h2>
      {item.image && <img src={item.image} alt="" className="mt-3 w-full rounded-xl ring-1 ring-line" />}
      {item.type === 'build_list' && <p className="mt-2 text-sm text-muted">The key is the order below.</p>}
      <ul className="mt-3 space-y-2">
        {ordered.map((o, i) => {
          const keyed = o.correct || item.type === 'build_list';
          const keyLabel =
            item.type === 'build_list' ? `${o.position ?? i + 1}.` : o.category ? `Key: ${o.category}` : o.correct ? 'Key' : null;
          return (
            <li
              key={i}
              className={cn(
                'rounded-xl p-3 ring-1',
                o.correct ? 'bg-go-100 ring-go-600/40' : 'bg-white ring-line',
                item.type !== 'single' && item.type !== 'multiple' && 'bg-white ring-line',
              )}
              // the row shows its part of the key: the keyed option, a build list's place, a table row's or zone's column
              data-keyed={keyed || o.category ? 'true' : undefined}
            >
              <p className="flex items-start gap-2 text-[15px]">
                {keyLabel && (
                  <span
                    className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-bold', keyed ? 'bg-go-700 text-white' : 'bg-navy-100')}
                  >
                    {keyLabel}
                  </span>
                )}
                <span className={cn(o.correct && 'font-semibold')}>{o.text}</span>
              </p>
              {o.rationale && <p className="mt-1 text-sm text-muted">{o.rationale}</p>}
            </li>
          );
        })}
      </ul>
      {item.reference && <p className="mt-3 text-xs text-muted">Reference: {item.reference}</p>}
      {item.panel && (
        <div className="mt-3 rounded-xl bg-navy-50/60 p-3 text-sm ring-1 ring-line/60" data-testid="panel-spread">
          <p className="font-semibold text-navy-900">The panel&rsquo;s round-1 ratings</p>
          <p>
            Mean {item.panel.spread.mean.toFixed(0)}, range {item.panel.spread.min}–{item.panel.spread.max}
            {item.panel.spread.sd !== null ? `, SD ${item.panel.spread.sd.toFixed(0)}` : ''} ({item.panel.spread.n} panelists)
          </p>
          <p className="mt-1 text-muted">All ratings: {item.panel.values.join(', ')}</p>
        </div>
      )}
    </article>
  );
}

function RatingForm({
  studyId,
  item,
  round,
  atEnd,
  onPrevious,
  onNext,
}: {
  studyId: string;
  item: RatingItem;
  round: 1 | 2 | null;
  atEnd: boolean;
  onPrevious?: () => void;
  onNext?: () => void;
}) {
  const saved = currentValue(item, round);
  const [text, setText] = useState(saved === null ? '' : String(saved));
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus({ preventScroll: true });
  }, []);
  const save = useSaveRating({
    onSuccess: () => {
      setDone(true);
      onNext?.();
    },
    onError: (err) => {
      const issue = err instanceof ApiError ? err.issues?.find((i) => i.path === 'value') : undefined;
      setError(issue?.message ?? userMessage(err, 'The rating could not be saved.'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ratingBody.safeParse({ value: text.trim() === '' ? Number.NaN : Number(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    save.mutate({ studyId, itemKey: item.key, value: parsed.data.value });
  };
  const readOnly = round === null;
  return (
    <form
      onSubmit={submit}
      className="sticky bottom-[calc(env(safe-area-inset-bottom)+4rem)] z-10 -mx-4 space-y-2 border-t border-line/70 bg-canvas/95 px-4 pb-2 pt-3 backdrop-blur lg:bottom-0 lg:pb-4"
      noValidate
    >
      <div className="flex items-end gap-3">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="rating" className="text-sm font-semibold text-navy-900">
            Your rating, 0 to 100
            {round === 2 && item.mine.round1 !== null ? ` (round 1: ${item.mine.round1})` : ''}
          </label>
          <input
            ref={input}
            id="rating"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            value={text}
            readOnly={readOnly}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rating-error' : 'rating-hint'}
            className={cn(
              'min-h-12 rounded-xl border bg-white px-3.5 text-lg tabular-nums text-ink',
              error ? 'border-signal-500' : 'border-line',
            )}
          />
        </div>
        {!readOnly && (
          <Button type="submit" loading={save.isPending} className="shrink-0">
            {atEnd ? 'Save' : 'Save & Next'}
          </Button>
        )}
      </div>
      {error ? (
        <p id="rating-error" className="text-sm text-signal-600">
          {error}
        </p>
      ) : (
        <p id="rating-hint" className="text-sm text-muted">
          {readOnly
            ? 'This study takes no ratings now.'
            : isRated(item, round)
              ? 'Saved. Enter saves a change and moves on.'
              : 'Enter saves and moves to the next item.'}
        </p>
      )}
      {done && atEnd && <Alert tone="success">Saved. That was the last item.</Alert>}
      <div className="flex justify-between gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onPrevious} disabled={!onPrevious}>
          Previous
        </Button>
        <Button type="button" variant="secondary" size="sm" onClick={onNext} disabled={!onNext}>
          Next
        </Button>
      </div>
    </form>
  );
}
