import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditAction } from '@shared/audit';
import type { AuditEntry as AuditLogEntry } from '@shared/contracts/audit';
import { Alert } from '../../components/ui/alert';
import { Pager } from '../../components/ui/pager';
import { ScreenHeader } from '../../components/ui/screen-header';
import { cn } from '../../lib/cn';
import { adminApi } from './api';
import { adminAuditKeys } from './keys';
import { useAdminGuard } from './use-admin-guard';

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS) as [AuditAction, string][];

const actionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

/** Sign-in failures and locks in red, deletions in amber, the rest in navy. */
function actionTone(action: string): string {
  if (action.startsWith('auth.')) return 'bg-signal-50 text-signal-700 ring-signal-500/25';
  if (action.endsWith('.delete')) return 'bg-amber-100 text-amber-600 ring-amber-600/25';
  return 'bg-navy-50 text-navy-800 ring-navy-600/20';
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** A JSON value as a short readable string ("—" for nothing). */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(show).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') return /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value).toLocaleDateString() : value;
  // numbers and booleans read the same as JSON
  return JSON.stringify(value) ?? '—';
}

const label = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());

/** The fields of before/after side by side; changed values marked. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const b = before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : null;
  const a = after && typeof after === 'object' && !Array.isArray(after) ? (after as Record<string, unknown>) : null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  if (keys.length === 0) return null;
  const both = b !== null && a !== null;
  return (
    <div className="mt-3 overflow-hidden rounded-xl ring-1 ring-line/70">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="bg-navy-50/60 text-xs font-semibold uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="w-[34%] px-3 py-2">
              Field
            </th>
            {b !== null && (
              <th scope="col" className="px-3 py-2">
                Before
              </th>
            )}
            {a !== null && (
              <th scope="col" className="px-3 py-2">
                After
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => {
            const changed = both && JSON.stringify(b[k]) !== JSON.stringify(a[k]);
            return (
              <tr key={k} className="border-t border-line/60 align-top">
                <th scope="row" className="px-3 py-2 font-medium text-muted">
                  {label(k)}
                </th>
                {b !== null && (
                  <td className={cn('break-words px-3 py-2', changed && 'text-signal-700 line-through decoration-signal-500/50')}>
                    {show(b[k])}
                  </td>
                )}
                {a !== null && <td className={cn('break-words px-3 py-2', changed && 'font-semibold text-go-700')}>{show(a[k])}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Entry({ entry }: { entry: AuditLogEntry }) {
  const actor = entry.actor?.email ?? (entry.action.startsWith('auth.') ? 'Anonymous caller' : 'Operator (command line)');
  const target = entry.target?.label ?? entry.target?.id ?? '—';
  return (
    <li className="rounded-2xl bg-surface p-4 ring-1 ring-line/70" data-testid="audit-entry">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span className={cn('rounded-full px-2.5 py-1 text-xs font-bold ring-1 ring-inset', actionTone(entry.action))}>
          {actionLabel(entry.action)}
        </span>
        <time dateTime={entry.createdAt} className="text-sm text-muted">
          {when(entry.createdAt)}
        </time>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">By</dt>
        <dd className="min-w-0 break-words font-medium">{actor}</dd>
        <dt className="text-muted">{TARGET_LABELS[entry.target?.type ?? ''] ?? 'User'}</dt>
        <dd className="min-w-0 break-words font-medium">{target}</dd>
        <dt className="text-muted">Address</dt>
        <dd className="min-w-0 break-words font-mono text-[13px]">{entry.ip ?? '—'}</dd>
      </dl>
      <Changes before={entry.before} after={entry.after} />
    </li>
  );
}

function Skeleton() {
  return (
    <ul className="space-y-2" aria-hidden="true" data-testid="audit-skeleton">
      {[0, 1, 2].map((i) => (
        <li key={i} className="animate-pulse rounded-2xl bg-surface p-4 ring-1 ring-line/70">
          <div className="flex justify-between">
            <div className="h-6 w-32 rounded-full bg-navy-50" />
            <div className="h-4 w-36 rounded bg-navy-50" />
          </div>
          <div className="mt-4 h-4 w-3/4 rounded bg-navy-50" />
          <div className="mt-2 h-4 w-1/2 rounded bg-navy-50" />
        </li>
      ))}
    </ul>
  );
}

const TARGET_LABELS: Record<string, string> = { code: 'Code', account: 'Account', user: 'User', question_report: 'Question report' };

/** /admin/audit: who changed what, newest first, for administrators. */
export default function AuditPage() {
  const isAdmin = useAdminGuard();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [action, setAction] = useState<AuditAction | ''>('');
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: adminAuditKeys.list(action, q, page),
    queryFn: () => adminApi.audit(action, q, page),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
    retry: 1,
  });

  if (!isAdmin) return null;
  const data = list.data;
  const filtered = action !== '' || q !== '';
  return (
    <>
      <ScreenHeader
        title="Audit Trail"
        subtitle={
          data
            ? `${data.total}${filtered ? ' matching' : ''} recorded change${data.total === 1 ? '' : 's'}, newest first`
            : 'Who changed what, newest first'
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-5">
        <div className="grid gap-3 sm:grid-cols-[1fr_15rem]">
          <div>
            <label htmlFor="audit-search" className="sr-only">
              Search by e-mail, code or address
            </label>
            <input
              id="audit-search"
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
              placeholder="Search by e-mail, code or address"
              className="min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base focus:border-navy-600"
            />
          </div>
          <div>
            <label htmlFor="audit-action" className="sr-only">
              Action
            </label>
            <select
              id="audit-action"
              value={action}
              onChange={(e) => {
                setAction(e.target.value as AuditAction | '');
                setPage(0);
              }}
              className="min-h-12 w-full rounded-xl border border-line bg-white px-3 text-base focus:border-navy-600"
            >
              <option value="">All actions</option>
              {ACTION_OPTIONS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        </div>
        {list.isError && (
          <Alert tone="error">
            The audit trail could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => list.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {list.isPending && !list.isError && <Skeleton />}
        {data && data.entries.length === 0 && (
          <p className="rounded-card bg-surface p-8 text-center text-muted ring-1 ring-line/70">
            {filtered
              ? 'No recorded changes match your filters.'
              : 'Nothing recorded yet. Changes to users and codes, and failed sign-ins, appear here.'}
          </p>
        )}
        <ul className={cn('space-y-2', list.isFetching && !list.isPending && 'opacity-70')} aria-label="Audit trail">
          {data?.entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ul>
        {data && <Pager page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} />}
      </main>
    </>
  );
}
