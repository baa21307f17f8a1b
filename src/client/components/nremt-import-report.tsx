import type { NremtImportResponse } from '@shared/contracts/nremt-results';
import { cn } from '../lib/cn';

// The report of an NREMT results CSV check or import, row by row with each problem on its column: the administrators'
// import (/admin/nremt-results) and a class's (/instructor) read the same file the same way.

const STATUS_LABEL = { new: 'New', same: 'Already recorded', error: 'Problem' } as const;

/** Every row of the file: its line, the student it names, what importing it does, and its problems. */
export function NremtImportReport({ report }: { report: NremtImportResponse }) {
  const { counts } = report;
  return (
    <div className="mt-4 space-y-3">
      <p className="text-[15px] font-semibold text-ink" data-testid="import-summary">
        {counts.rows} {counts.rows === 1 ? 'row' : 'rows'}: {counts.new} new, {counts.same} already recorded, {counts.errors} with problems
        {report.dryRun ? (counts.errors ? ' — fix them and check again; nothing is written.' : '.') : ''}
      </p>
      <ol className="space-y-2" aria-label="Rows of the file">
        {report.rows.map((r) => {
          const bad = new Map(r.errors.map((e) => [e.field, e.message]));
          return (
            <li
              key={r.line}
              className={cn(
                'rounded-2xl p-3 ring-1 ring-inset',
                r.status === 'error' ? 'bg-signal-50 ring-signal-300' : 'bg-canvas ring-line',
              )}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold text-muted">Line {r.line}</span>
                <span
                  className={cn(
                    'rounded-full px-2.5 py-0.5 text-xs font-bold',
                    r.status === 'error'
                      ? 'bg-signal-100 text-signal-700'
                      : r.status === 'new'
                        ? 'bg-go-100 text-go-700'
                        : 'bg-navy-50 text-navy-800',
                  )}
                >
                  {STATUS_LABEL[r.status]}
                </span>
              </div>
              <p className="mt-1 break-words text-[15px]">
                {r.cells.email || '(no e-mail)'}
                <span className="text-muted"> → {r.match ? r.match.name : 'no account'}</span>
              </p>
              <p className="text-sm text-muted">
                {[r.cells.level, r.cells.date, r.cells.result, r.cells.attempt && `attempt ${r.cells.attempt}`].filter(Boolean).join(' · ')}
              </p>
              {bad.size > 0 && (
                <ul className="mt-2 list-disc pl-5 text-sm text-signal-700">
                  {[...bad].map(([field, message]) => (
                    <li key={field}>
                      <span className="font-semibold">{field}</span>: {message}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
