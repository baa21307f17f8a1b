import { useDeferredValue, useState } from 'react';
import { QUESTION_TYPES, REVIEW_MIN_ATTEMPTS, type QuestionType, type ReportStatus } from '@shared/questions';
import { CONTENT_LEVELS, type ContentLevel } from '@shared/constants';
import { reportReplySchema, type ItemStatsSort, type QuestionReportView, type ReportedItem } from '@shared/contracts/questions';
import { REPORT_TEXT_MAX } from '@shared/questions';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useItemStats } from './api/get-item-stats';
import { useQuestionReports } from './api/get-question-reports';
import { useSetReportStatus } from './api/set-report-status';
import { useReplyToReport } from './api/reply-to-report';
import { setServerIssues, useZodForm } from '../../lib/form';
import { useAdminGuard } from './use-admin-guard';
import { LoadError } from '../../components/ui/load-error';

type Tab = 'reports' | 'stats';
const REASONS: Record<QuestionReportView['reason'], string> = {
  incorrect: 'Incorrect',
  unclear: 'Unclear',
  typo: 'Typo',
  outdated: 'Outdated',
  other: 'Other',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/content: question problem reports and item statistics, for administrators (docs/product.md §10.8). */
export default function ContentPage() {
  const isAdmin = useAdminGuard();
  const [tab, setTab] = useState<Tab>('reports');
  if (!isAdmin) return null;
  return (
    <>
      <ScreenHeader title="Question Bank" subtitle="Problem reports and item statistics" />
      <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-5">
        <div role="tablist" aria-label="Question bank" className="inline-flex rounded-xl bg-white p-1 ring-1 ring-line">
          {(
            [
              ['reports', 'Problem reports'],
              ['stats', 'Item statistics'],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              id={`tab-${id}`}
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              onClick={() => setTab(id)}
              className={cn(
                'min-h-11 rounded-lg px-4 text-[15px] font-semibold',
                tab === id ? 'bg-navy-900 text-white' : 'text-navy-800 hover:bg-navy-50',
              )}
            >
              {label}
            </button>
          ))}
        </div>
        <section role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
          {tab === 'reports' ? <Reports /> : <Stats />}
        </section>
      </main>
    </>
  );
}

/** What an option is in the item's key: the answer or not, its place in a build list, its column. */
function keyOf(type: ReportedItem['type'], o: ReportedItem['options'][number]): { label: string; keyed: boolean } {
  if (type === 'build_list') return { label: `Step ${o.position ?? '?'}`, keyed: true };
  if (type === 'options_table' || type === 'drag_drop') return { label: o.category ?? '—', keyed: true };
  return o.correct ? { label: 'Key', keyed: true } : { label: 'Distractor', keyed: false };
}

/** The reported item beside the student's words: its options with the key and every rationale, and its reference. */
function ReportedItemView({ item }: { item: ReportedItem }) {
  const options = item.type === 'build_list' ? [...item.options].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)) : item.options;
  return (
    <details className="mt-3 rounded-xl bg-canvas p-3 text-sm" open>
      <summary className="min-h-9 cursor-pointer font-semibold text-navy-900">Options, key and rationales</summary>
      <ol className="mt-2 space-y-2">
        {options.map((o, n) => {
          const k = keyOf(item.type, o);
          return (
            <li key={n} className="rounded-lg bg-white p-2.5 ring-1 ring-line/70" data-testid="reported-option">
              <p className="flex flex-wrap items-baseline gap-2">
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-bold',
                    k.keyed && (item.type === 'single' || item.type === 'multiple') ? 'bg-go-100 text-go-700' : 'bg-navy-50 text-navy-800',
                  )}
                >
                  {k.label}
                </span>
                <span className="font-semibold text-ink">{o.text}</span>
              </p>
              <p className="mt-1 text-muted">{o.rationale}</p>
            </li>
          );
        })}
      </ol>
      {item.reference && <p className="mt-2 text-xs text-muted">Reference: {item.reference}</p>}
    </details>
  );
}

/**
 * The administrator's answer to a report: the student reads it on the question once they have answered it, so it may explain
 * the key. An answer already sent shows above the box, which then changes it.
 */
function ReplyForm({ report, onReplied }: { report: QuestionReportView; onReplied: () => void }) {
  const form = useZodForm(reportReplySchema, { defaultValues: { reply: report.reply ?? '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const send = useReplyToReport({
    onMutate: () => setFailure(null),
    onSuccess: ({ report: saved }) => {
      form.reset({ reply: saved.reply ?? '' });
      onReplied();
    },
    onError: (err) => {
      if (!setServerIssues(form, err)) setFailure(userMessage(err, 'The answer could not be sent. Please try again.'));
    },
  });
  const error = form.formState.errors.reply?.message;
  const id = `reply-${report.id}`;
  return (
    <form className="mt-3 space-y-2" noValidate onSubmit={form.handleSubmit(({ reply }) => send.mutate({ id: report.id, reply }))}>
      {report.reply && (
        <p className="rounded-xl bg-navy-50 p-3 text-sm">
          <span className="font-semibold text-navy-900">
            Answered{report.repliedAt && ` ${when(report.repliedAt)}`}
            {report.repliedBy && ` by ${report.repliedBy}`}:
          </span>{' '}
          <span className="whitespace-pre-wrap break-words">{report.reply}</span>
        </p>
      )}
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {report.reply ? 'Change the answer to the student' : 'Answer the student'}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={REPORT_TEXT_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className={cn(
          'w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-muted/70 focus:border-navy-600',
          error ? 'border-signal-500' : 'border-line',
        )}
        placeholder="For example: thank you — option C was also defensible, and the item now reads…"
        {...form.register('reply')}
      />
      <p id={`${id}-note`} className={cn('text-sm', error ? 'text-signal-600' : 'text-muted')}>
        {error ?? 'The student reads this on the question after answering it.'}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={send.isPending}
          aria-label={`Send the answer to the report on ${report.itemKey}`}
        >
          {report.reply ? 'Change answer' : 'Send answer'}
        </Button>
      </div>
    </form>
  );
}

function Reports() {
  const [filter, setFilter] = useState<ReportStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const { status: message, show } = useStatus();
  const list = useQuestionReports(filter, page);
  const change = useSetReportStatus({
    onSuccess: ({ report }) => show('success', report.status === 'resolved' ? 'Report resolved.' : 'Report reopened.'),
    onError: (err) => show('error', userMessage(err, 'The report could not be updated.')),
  });
  const reports = list.data?.reports ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const turn = (by: number) => {
    setPage((p) => p + by);
    window.scrollTo({ top: 0 });
  };
  const first = list.data ? (list.data.page - 1) * list.data.pageSize + 1 : 0;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {list.data
            ? list.data.total === 0
              ? ' '
              : `${list.data.open} open of ${list.data.total}; ${first}–${first + reports.length - 1} shown, open first`
            : ' '}
        </p>
        <label className="flex items-center gap-2 text-sm font-semibold">
          Show
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as ReportStatus | 'all');
              setPage(1);
            }}
            className="min-h-11 rounded-xl border border-line bg-white px-3 text-base focus:border-navy-600"
          >
            <option value="all">All reports</option>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </select>
        </label>
      </div>
      <div aria-live="polite">{message && <Alert tone={message.tone}>{message.text}</Alert>}</div>
      {list.isError && (
        <LoadError error={list.error} fallback="The reports could not be loaded." onRetry={list.refetch} retrying={list.isFetching} />
      )}
      {list.isPending && <div className="h-32 animate-pulse rounded-2xl bg-white ring-1 ring-line/70" aria-hidden="true" />}
      {list.data && reports.length === 0 && (
        <p className="rounded-card bg-surface p-8 text-center text-muted ring-1 ring-line/70">
          {filter === 'all' ? 'No problem reports yet. Reports students file on a question appear here.' : `No ${filter} reports.`}
        </p>
      )}
      <ul className="space-y-2" aria-label="Problem reports">
        {reports.map((r) => (
          <li key={r.id} className="rounded-2xl bg-surface p-4 ring-1 ring-line/70" data-testid="question-report">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={cn(
                    'rounded-full px-2.5 py-1 text-xs font-bold ring-1 ring-inset',
                    r.status === 'open' ? 'bg-amber-50 text-amber-800 ring-amber-200' : 'bg-go-50 text-go-800 ring-go-200',
                  )}
                >
                  {r.status === 'open' ? 'Open' : 'Resolved'}
                </span>
                <span className="rounded-full bg-navy-50 px-2.5 py-1 text-xs font-bold text-navy-800">{REASONS[r.reason]}</span>
              </div>
              <time dateTime={r.createdAt} className="text-sm text-muted">
                {when(r.createdAt)}
              </time>
            </div>
            <p className="mt-3 whitespace-pre-wrap break-words text-[15px]">{r.text}</p>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Question</dt>
              <dd className="min-w-0 break-words">
                <span className="font-mono text-[13px] font-semibold">{r.itemKey}</span>
                {r.level && <span className="text-muted"> · {r.level}</span>}
              </dd>
              <dt className="text-muted">Stem</dt>
              <dd className="min-w-0 break-words">{r.stem ?? '—'}</dd>
              <dt className="text-muted">From</dt>
              <dd className="min-w-0 break-words">{r.reporter ?? 'Deleted user'}</dd>
              {r.status === 'resolved' && (
                <>
                  <dt className="text-muted">Resolved</dt>
                  <dd className="min-w-0 break-words">
                    {r.resolvedAt ? when(r.resolvedAt) : '—'}
                    {r.resolvedBy && ` by ${r.resolvedBy}`}
                  </dd>
                </>
              )}
            </dl>
            {r.item && <ReportedItemView item={r.item} />}
            <ReplyForm report={r} onReplied={() => show('success', 'Answer sent. The student reads it on the question.')} />
            <div className="mt-3 flex justify-end">
              <Button
                size="sm"
                variant={r.status === 'open' ? 'success' : 'secondary'}
                loading={change.isPending && change.variables.id === r.id}
                disabled={change.isPending}
                onClick={() => change.mutate({ id: r.id, status: r.status === 'open' ? 'resolved' : 'open' })}
                aria-label={`${r.status === 'open' ? 'Resolve' : 'Reopen'} the report on ${r.itemKey}`}
              >
                {r.status === 'open' ? 'Resolve' : 'Reopen'}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="flex items-center justify-between gap-3" aria-label="Report pages">
          <Button variant="secondary" disabled={page <= 1 || list.isFetching} onClick={() => turn(-1)}>
            Previous
          </Button>
          <span className="text-sm text-muted">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages || list.isFetching} onClick={() => turn(1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}

const COLUMNS: { key: ItemStatsSort; label: string; numeric: boolean }[] = [
  { key: 'key', label: 'Item', numeric: false },
  { key: 'attempts', label: 'Attempts', numeric: true },
  { key: 'percentCorrect', label: '% correct', numeric: true },
  { key: 'pointBiserial', label: 'Point-biserial', numeric: true },
  { key: 'avgTimeMs', label: 'Avg. time', numeric: true },
];
const TYPE_LABELS: Record<QuestionType, string> = {
  single: 'Single answer',
  multiple: 'Multiple response',
  build_list: 'Build list',
  options_table: 'Options table',
  drag_drop: 'Drag and drop',
};
const select = 'min-h-11 rounded-xl bg-white px-3 text-sm ring-1 ring-line focus-visible:outline-3 focus-visible:outline-focus';

function Stats() {
  const [filter, setFilter] = useState<{ level: ContentLevel | ''; domain: string; type: QuestionType | ''; flagged: boolean; q: string }>({
    level: '',
    domain: '',
    type: '',
    flagged: false,
    q: '',
  });
  const [sort, setSort] = useState<{ key: ItemStatsSort; dir: 'asc' | 'desc' }>({ key: 'key', dir: 'asc' });
  const [page, setPage] = useState(1);
  const q = useDeferredValue(filter.q.trim());
  const list = useItemStats({
    level: filter.level || undefined,
    domain: filter.domain || undefined,
    type: filter.type || undefined,
    flagged: filter.flagged ? 'true' : undefined,
    q: q || undefined,
    sort: sort.key,
    dir: sort.dir,
    page,
  });
  const change = (patch: Partial<typeof filter>) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const data = list.data;
  return (
    <div className="space-y-3">
      <form className="flex flex-wrap items-end gap-2" role="search" aria-label="Filter items" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Level
          <select
            className={select}
            value={filter.level}
            onChange={(e) => change({ level: e.target.value as ContentLevel | '', domain: '' })}
          >
            <option value="">All levels</option>
            {CONTENT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Domain
          <select className={cn(select, 'max-w-56')} value={filter.domain} onChange={(e) => change({ domain: e.target.value })}>
            <option value="">All domains</option>
            {(data?.domains ?? []).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Type
          <select className={select} value={filter.type} onChange={(e) => change({ type: e.target.value as QuestionType | '' })}>
            <option value="">All types</option>
            {QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Key or stem
          <input
            type="search"
            className={cn(select, 'w-44')}
            value={filter.q}
            onChange={(e) => change({ q: e.target.value })}
            placeholder="e.g. aspirin"
          />
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input type="checkbox" className="size-5" checked={filter.flagged} onChange={(e) => change({ flagged: e.target.checked })} />
          Flagged only
        </label>
      </form>
      <p className="text-sm text-muted" aria-live="polite">
        {data
          ? `${data.total} of ${data.bank} items, ${data.flagged} flagged for review (after ${REVIEW_MIN_ATTEMPTS} attempts: point-biserial below 0.1, or under 20 % or over 95 % correct)`
          : ' '}
      </p>
      {list.isError && (
        <LoadError error={list.error} fallback="The statistics could not be loaded." onRetry={list.refetch} retrying={list.isFetching} />
      )}
      {list.isPending && <div className="h-48 animate-pulse rounded-2xl bg-white ring-1 ring-line/70" aria-hidden="true" />}
      {data && data.total === 0 && (
        <p className="rounded-card bg-surface p-8 text-center text-muted ring-1 ring-line/70">No items match these filters.</p>
      )}
      {data && data.total > 0 && (
        <div className={cn('overflow-x-auto rounded-2xl bg-surface ring-1 ring-line/70', list.isPlaceholderData && 'opacity-60')}>
          <table className="w-full min-w-[44rem] table-fixed text-left text-sm">
            <caption className="sr-only">Item statistics, sortable by column</caption>
            <colgroup>
              <col />
              <col className="w-28" />
              <col className="w-28" />
              <col className="w-32" />
              <col className="w-28" />
            </colgroup>
            <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={cn('px-3 py-2', c.numeric && 'text-right')}
                    aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className={cn(
                        'inline-flex min-h-9 items-center gap-1 font-bold uppercase hover:text-navy-900',
                        c.numeric && 'flex-row-reverse',
                      )}
                      onClick={() => {
                        setSort((s) => ({
                          key: c.key,
                          dir: s.key === c.key ? (s.dir === 'asc' ? 'desc' : 'asc') : c.numeric ? 'desc' : 'asc',
                        }));
                        setPage(1);
                      }}
                    >
                      {c.label}
                      <span aria-hidden="true" className="inline-block w-3 text-center">
                        {sort.key === c.key ? (sort.dir === 'asc' ? '▲' : '▼') : ''}
                      </span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr
                  key={i.key}
                  className={cn('border-b border-line/60 align-top last:border-0', i.flaggedForReview && 'bg-amber-50')}
                  data-testid="item-stats"
                >
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-mono text-[13px] font-semibold">{i.key}</span>
                    {i.flaggedForReview && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">Review</span>
                    )}
                    {i.retired && <span className="ml-2 rounded-full bg-navy-50 px-2 py-0.5 text-xs font-bold text-muted">Retired</span>}
                    <span className="mt-0.5 block truncate text-muted" title={i.stem}>
                      {i.level} · {i.domain} · {TYPE_LABELS[i.type]} · {i.stem}
                    </span>
                  </th>
                  {/* the header's arrow slot (w-3 + gap) is mirrored by pr-7 so the figures sit under their labels */}
                  <td className="px-3 py-2 pr-7 text-right tabular-nums">{i.attempts}</td>
                  <td className="px-3 py-2 pr-7 text-right tabular-nums">
                    {i.percentCorrect === null ? '—' : `${i.percentCorrect.toFixed(0)} %`}
                  </td>
                  <td className="px-3 py-2 pr-7 text-right tabular-nums">{i.pointBiserial === null ? '—' : i.pointBiserial.toFixed(2)}</td>
                  <td className="px-3 py-2 pr-7 text-right tabular-nums">
                    {i.avgTimeMs === null ? '—' : `${(i.avgTimeMs / 1000).toFixed(1)} s`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page - 1} total={data.total} pageSize={data.pageSize} onPage={(p) => setPage(p + 1)} />}
    </div>
  );
}
