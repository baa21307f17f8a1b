import { useState } from 'react';
import { NREMT_IMPORT_COLUMNS, type NremtImportResponse } from '@shared/contracts/nremt-results';
import { recordOutcomeBody, type ClassOutcome, type ClassView, type RecordOutcomeBody } from '@shared/contracts/programs';
import { toCsv } from '@shared/csv';
import { MAX_NREMT_ATTEMPT, NREMT_RESULT_LABELS } from '@shared/nremt-results';
import { CsvInput, NremtImportReport } from '../../components/nremt-import';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import { cn } from '../../lib/cn';
import { setServerIssues, useZodForm } from '../../lib/form';
import { userMessage } from '../../lib/user-message';
import { useDeleteOutcome } from './api/delete-outcome';
import { useClassOutcomes } from './api/get-outcomes';
import { useImportOutcomes } from './api/import-outcomes';
import { useRecordOutcome } from './api/record-outcome';
import { shortDay } from './format';
import { downloadCsv, fileSlug, type Student } from './roster-model';

// The class's NREMT outcomes (docs/decisions/112-class-nremt-outcomes-and-pass-rates.md): the pass rates programs report,
// each student's sittings — recorded by the program, or their own reports when they share them — and the ways in.

const SOURCE_LABELS: Record<ClassOutcome['source'], string> = {
  program: 'Recorded by the class',
  student: 'Self-reported',
  import: 'Imported by MedicPrep',
};

export function OutcomesSection({ c, students }: { c: ClassView; students: Student[] }) {
  const q = useClassOutcomes(c.id);
  const [recording, setRecording] = useState(false);
  const [importing, setImporting] = useState(false);
  const remove = useDeleteOutcome();
  const exportCsv = () => {
    if (!q.data) return;
    const rows = q.data.students.flatMap((s) =>
      s.results.map((r) => [s.name, r.attempt, r.examDate, NREMT_RESULT_LABELS[r.result], SOURCE_LABELS[r.source]]),
    );
    downloadCsv(`${fileSlug(c.name)}-nremt-outcomes.csv`, toCsv(['Student', 'Attempt', 'Date', 'Result', 'Source'], rows));
  };
  return (
    <section className="rounded-card bg-surface ring-1 ring-line/70" aria-labelledby="outcomes-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line/70 px-5 py-4">
        <h3 id="outcomes-title" className="font-semibold">
          NREMT outcomes
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setRecording(true)} disabled={students.length === 0}>
            Record a result
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button size="sm" variant="ghost" onClick={exportCsv} disabled={!q.data}>
            Export CSV
          </Button>
        </div>
      </div>
      {q.isError ? (
        <div className="p-5">
          <LoadError error={q.error} fallback="Failed to load the outcomes" onRetry={q.refetch} retrying={q.isFetching} />
        </div>
      ) : !q.data ? (
        <div className="m-5 h-24 animate-pulse rounded-xl bg-navy-50/60" />
      ) : (
        <>
          <dl className="grid gap-3 px-5 pt-4 sm:grid-cols-2">
            <Rate label="First-attempt pass rate" rate={q.data.rates.firstAttempt} testId="first-attempt-rate" />
            <Rate label="Cumulative pass rate by the third attempt" rate={q.data.rates.byThirdAttempt} testId="third-attempt-rate" />
          </dl>
          <p className="px-5 pt-2 text-sm text-muted">
            Counted from the results recorded for this class and the reports of students who share their results.
          </p>
          <div className="overflow-x-auto px-5 pb-4 pt-3">
            <table className="w-full min-w-[36rem] text-left text-[15px]" data-testid="outcomes">
              <thead className="text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Student
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Sittings
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line/70">
                {q.data.students.map((s) => (
                  <tr key={s.userId}>
                    <th scope="row" className="py-2.5 pr-3 align-top font-semibold">
                      {s.name}
                      <span className="block text-sm font-normal text-muted">
                        {s.outcomesConsent ? 'Shares their results' : 'Does not share their own reports'}
                      </span>
                    </th>
                    <td className="px-3 py-2.5">
                      {s.results.length === 0 ? (
                        <span className="text-muted">No result yet</span>
                      ) : (
                        <ul className="space-y-1">
                          {s.results.map((r) => (
                            <li key={r.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                              <span
                                className={cn(
                                  'rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
                                  r.result === 'passed'
                                    ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                                    : 'bg-signal-50 text-signal-700 ring-signal-200',
                                )}
                              >
                                Attempt {r.attempt}: {NREMT_RESULT_LABELS[r.result]}
                              </span>
                              <span className="text-sm text-muted">
                                {shortDay(r.examDate)} · {SOURCE_LABELS[r.source]}
                              </span>
                              {r.editable && (
                                <Button
                                  variant="ghost"
                                  size="sm"
                                  loading={remove.isPending && remove.variables?.resultId === r.id}
                                  onClick={() => remove.mutate({ classId: c.id, resultId: r.id })}
                                  aria-label={`Remove attempt ${r.attempt} of ${s.name}`}
                                >
                                  Remove
                                </Button>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
                {q.data.students.length === 0 && (
                  <tr>
                    <td colSpan={2} className="py-3 text-muted">
                      No students yet.
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
            {remove.isError && (
              <p className="mt-2 text-sm text-signal-600">{userMessage(remove.error, 'The result could not be removed.')}</p>
            )}
          </div>
        </>
      )}
      <Modal
        open={recording}
        onOpenChange={setRecording}
        title="Record an NREMT result"
        description={`A ${c.level} sitting of a student of ${c.name}.`}
      >
        {recording && <RecordForm c={c} students={students} onDone={() => setRecording(false)} />}
      </Modal>
      <Modal
        open={importing}
        onOpenChange={setImporting}
        title="Import NREMT results"
        description={`The ${c.level} results of students in ${c.name}.`}
      >
        {importing && <ImportForm c={c} />}
      </Modal>
    </section>
  );
}

function Rate({ label, rate, testId }: { label: string; rate: { passed: number; of: number; percent: number | null }; testId: string }) {
  return (
    <div className="rounded-xl bg-navy-50/50 px-4 py-3 ring-1 ring-line/60" data-testid={testId}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-muted">{label}</dt>
      <dd className="mt-1">
        <span className="text-2xl font-bold text-navy-900">{rate.percent === null ? '—' : `${rate.percent} %`}</span>
        <span className="ml-2 text-sm text-muted">{rate.of === 0 ? 'no results yet' : `${rate.passed} of ${rate.of} students`}</span>
      </dd>
    </div>
  );
}

const whole = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

function RecordForm({ c, students, onDone }: { c: ClassView; students: Student[]; onDone: () => void }) {
  const form = useZodForm(recordOutcomeBody, {
    defaultValues: { userId: '', examDate: '', result: undefined as never, attempt: 1 } satisfies Partial<RecordOutcomeBody>,
  });
  const record = useRecordOutcome({ onSuccess: onDone });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    record.mutate(
      { classId: c.id, body },
      {
        onError: (err) => {
          if (setServerIssues(form, err)) record.reset();
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <SelectField label="Student" error={errors.userId?.message} {...form.register('userId')}>
        <option value="">Choose a student</option>
        {students.map((s) => (
          <option key={s.userId} value={s.userId}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Date of the exam" type="date" error={errors.examDate?.message} {...form.register('examDate')} />
      <fieldset aria-invalid={errors.result ? true : undefined}>
        <legend className="text-sm font-semibold text-navy-900">Result</legend>
        <div className="mt-1.5 flex gap-2">
          {(['passed', 'failed'] as const).map((r) => (
            <label
              key={r}
              className="flex min-h-11 flex-1 items-center justify-center rounded-xl bg-white font-semibold ring-1 ring-line has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-600"
            >
              <input type="radio" value={r} className="sr-only" {...form.register('result')} />
              {NREMT_RESULT_LABELS[r]}
            </label>
          ))}
        </div>
        {errors.result && <p className="mt-1 text-sm text-signal-600">{errors.result.message}</p>}
      </fieldset>
      <SelectField label="Attempt" error={errors.attempt?.message} {...form.register('attempt', { setValueAs: whole })}>
        {Array.from({ length: MAX_NREMT_ATTEMPT }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n === 1 ? 'First attempt' : `Attempt ${n}`}
          </option>
        ))}
      </SelectField>
      {record.isError && <Alert tone="error">{userMessage(record.error, 'The result could not be recorded')}</Alert>}
      <Button type="submit" size="lg" loading={record.isPending}>
        Record Result
      </Button>
    </form>
  );
}

function ImportForm({ c }: { c: ClassView }) {
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<NremtImportResponse | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const run = useImportOutcomes({
    onSuccess: (r) => {
      setReport(r);
      setMessage(r.dryRun ? null : { tone: 'success', text: `${r.written} ${r.written === 1 ? 'result' : 'results'} imported.` });
    },
    onError: (err, vars) => {
      if (vars.dryRun) setReport(null);
      setMessage({ tone: 'error', text: userMessage(err, vars.dryRun ? 'The file could not be checked.' : 'Nothing was imported.') });
    },
  });
  const change = (text: string) => {
    setCsv(text);
    setReport(null);
    setMessage(null);
  };
  const ready = report?.dryRun && report.counts.errors === 0 && report.counts.new > 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        The first line names the columns <span className="font-mono text-[13px]">{NREMT_IMPORT_COLUMNS.join(', ')}</span>. Each e-mail must
        be a student of this class, the level {c.level}. Check the file first: nothing is written until every row is right.
      </p>
      <CsvInput
        value={csv}
        placeholder={`${NREMT_IMPORT_COLUMNS.join(',')}\nriley@example.com,${c.level},2027-05-20,passed,1`}
        onChange={change}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() => run.mutate({ classId: c.id, csv, dryRun: true })}
          loading={run.isPending && run.variables?.dryRun}
          disabled={!csv.trim()}
        >
          Check the rows
        </Button>
        {ready && (
          <Button onClick={() => run.mutate({ classId: c.id, csv, dryRun: false })} loading={run.isPending && !run.variables?.dryRun}>
            Import {report.counts.new} {report.counts.new === 1 ? 'result' : 'results'}
          </Button>
        )}
      </div>
      <div aria-live="polite" className="empty:hidden">
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
      </div>
      {report && <NremtImportReport report={report} />}
    </div>
  );
}
