import { NREMT_IMPORT_MAX_CHARS, type NremtImportResponse } from '@shared/contracts/nremt-results';
import { Alert } from './ui/alert';
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

/**
 * Where the file comes in: a CSV file chosen, or rows pasted; `onChange` gets the text and the file's name (null when
 * pasted). Warns when the text is larger than one import takes.
 */
export function CsvInput({
  value,
  placeholder,
  onChange,
}: {
  value: string;
  placeholder: string;
  onChange: (text: string, fileName: string | null) => void;
}) {
  return (
    <>
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-navy-900">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="text-[15px] font-normal file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-navy-50 file:px-4 file:font-semibold file:text-navy-900"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) onChange(await file.text(), file.name);
          }}
        />
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-navy-900">
        Or paste the rows
        <textarea
          value={value}
          onChange={(e) => onChange(e.target.value, null)}
          rows={5}
          placeholder={placeholder}
          spellCheck={false}
          className="rounded-xl border border-line bg-white p-3 font-mono text-[13px] font-normal text-ink focus:border-navy-600"
        />
      </label>
      {value.length > NREMT_IMPORT_MAX_CHARS && (
        <Alert tone="warning">The file is larger than {NREMT_IMPORT_MAX_CHARS.toLocaleString()} characters: import it in parts.</Alert>
      )}
    </>
  );
}
