import { useState } from 'react';
import { CONTENT_LEVELS } from '@shared/constants';
import { NREMT_IMPORT_COLUMNS, type NremtImportResponse } from '@shared/contracts/nremt-results';
import { NREMT_RESULT_LABELS } from '@shared/nremt-results';
import { CsvInput, NremtImportReport } from '../../components/nremt-import';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { ScreenHeader } from '../../components/ui/screen-header';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useCheckNremtImport, useImportNremtResults } from './api/import-nremt-results';
import { useNremtResults } from './api/list-nremt-results';
import { useAdminGuard } from './use-admin-guard';
import { LoadError } from '../../components/ui/load-error';

const card = 'rounded-card bg-surface p-5 ring-1 ring-line/70 sm:p-6';
const EXAMPLE = `${NREMT_IMPORT_COLUMNS.join(',')}\nriley@example.com,EMT,2026-11-20,passed,1`;

/** /admin/nremt-results: the NREMT results students reported, and a program's list imported from a CSV (dry run first). */
export default function NremtResultsPage() {
  const isAdmin = useAdminGuard();
  if (!isAdmin) return null;
  return (
    <>
      <ScreenHeader title="NREMT Results" subtitle="Reported by students or imported from a program's list" />
      <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-5">
        <ImportCard />
        <ResultsList />
      </main>
    </>
  );
}

function ImportCard() {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<NremtImportResponse | null>(null);
  const { status, show, clear } = useStatus();
  const check = useCheckNremtImport(csv, {
    onSuccess: (r) => {
      clear();
      setReport(r);
    },
    onError: (err) => {
      setReport(null);
      show('error', userMessage(err, 'The file could not be checked.'), { sticky: true });
    },
  });
  const write = useImportNremtResults(csv, {
    onSuccess: (r) => {
      setReport(r);
      show('success', `${r.written} ${r.written === 1 ? 'result' : 'results'} imported.`, { sticky: true });
    },
    onError: (err) => show('error', userMessage(err, 'Nothing was imported.'), { sticky: true }),
  });
  const change = (text: string, name: string | null) => {
    setCsv(text);
    setFileName(name);
    setReport(null);
    clear();
  };
  const ready = report?.dryRun && report.counts.errors === 0 && report.counts.new > 0;

  return (
    <section className={card} aria-labelledby="import-heading">
      <h2 id="import-heading" className="text-lg font-bold text-navy-900">
        Import from a CSV
      </h2>
      <p className="mt-1 text-sm text-muted">
        The first line names the columns <span className="font-mono text-[13px]">{NREMT_IMPORT_COLUMNS.join(', ')}</span> (any order). Level
        is EMT or Paramedic, the date YYYY-MM-DD or MM/DD/YYYY, the result passed or failed, the attempt 1–6. Check the file first: nothing
        is written until every row is right, and then all rows are written at once.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        <CsvInput value={csv} placeholder={EXAMPLE} onChange={change} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => check.mutate()} loading={check.isPending} disabled={!csv.trim()} variant="secondary">
            Check {fileName ?? 'the rows'}
          </Button>
          {ready && (
            <Button onClick={() => write.mutate()} loading={write.isPending}>
              Import {report.counts.new} {report.counts.new === 1 ? 'result' : 'results'}
            </Button>
          )}
        </div>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
      {report && <NremtImportReport report={report} />}
    </section>
  );
}

function ResultsList() {
  const [level, setLevel] = useState('');
  const [page, setPage] = useState(0);
  const list = useNremtResults(level, page);
  return (
    <section className={card} aria-labelledby="reported-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="reported-heading" className="text-lg font-bold text-navy-900">
          Reported results {list.data ? <span className="font-normal text-muted">({list.data.total})</span> : null}
        </h2>
        <label className="flex items-center gap-2 text-sm font-semibold">
          Level
          <select
            value={level}
            onChange={(e) => {
              setLevel(e.target.value);
              setPage(0);
            }}
            className="min-h-11 rounded-xl border border-line bg-white px-3 text-base focus:border-navy-600"
          >
            <option value="">Both</option>
            {CONTENT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isError && (
        <LoadError
          className="mt-3"
          error={list.error}
          fallback="The results could not be loaded."
          onRetry={list.refetch}
          retrying={list.isFetching}
        />
      )}
      {list.data && list.data.results.length === 0 && <p className="mt-3 text-[15px] text-muted">No results reported yet.</p>}
      <ul className="mt-3 divide-y divide-line">
        {list.data?.results.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5 text-[15px]">
            <span className="min-w-0 break-words">
              <span className="font-semibold">{r.name}</span> <span className="text-muted">{r.email}</span>
            </span>
            <span className="tabular-nums text-muted">
              {r.level} · {r.examDate} · attempt {r.attempt} ·{' '}
              <span className={r.result === 'passed' ? 'text-go-700' : 'text-signal-700'}>{NREMT_RESULT_LABELS[r.result]}</span>
              {r.source === 'import' ? ' · imported' : ''}
            </span>
          </li>
        ))}
      </ul>
      {list.data && <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} />}
    </section>
  );
}
