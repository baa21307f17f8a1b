import type { JobRunView, JobView } from '@shared/contracts/jobs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { ScreenHeader } from '../../components/ui/screen-header';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useJobs } from './api/get-jobs';
import { useRunJob } from './api/run-job';
import { duration } from './format';
import { useAdminGuard } from './use-admin-guard';

const card = 'rounded-card bg-surface p-5 ring-1 ring-line/70 sm:p-6';
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');

const TRIGGERS: Record<JobRunView['trigger'], string> = {
  schedule: 'on schedule',
  manual: 'Run now',
  command: 'command line',
  resumed: 'taken over after a stopped process',
};

function StatusBadge({ status }: { status: JobRunView['status'] }) {
  const look = {
    ok: ['bg-go-100 text-go-700', 'OK'],
    failed: ['bg-signal-50 text-signal-700', 'Failed'],
    running: ['bg-navy-50 text-navy-800', 'Running'],
  }[status];
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold ${look[0]}`}>{look[1]}</span>;
}

/**
 * /admin/jobs: the scheduled jobs (srs:optimize, items:calibrate, readiness:validate) — each one's schedule, last run
 * (status, duration, when, what it printed), next run and recent runs, and "Run now"
 * (docs/decisions/110-scheduled-jobs-on-our-own-table.md).
 */
export default function JobsPage() {
  const isAdmin = useAdminGuard();
  const q = useJobs({ enabled: isAdmin });
  if (!isAdmin) return null;
  return (
    <>
      <ScreenHeader title="Jobs" subtitle="Scheduled work on the learning data" />
      <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-5">
        <p className="text-sm text-muted">
          Each job runs on one server at a time. Its schedule is a server setting; times are in UTC, shown here in your own time.
        </p>
        {q.data && !q.data.thisProcessRunsJobs && (
          <Alert tone="warning">This server does not run jobs (JOBS=off): a run starts once a server that runs jobs picks it up.</Alert>
        )}
        {q.isError && <LoadError error={q.error} fallback="The jobs could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />}
        {q.isPending && <div className="h-72 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-hidden="true" />}
        {q.data?.jobs.map((j) => (
          <JobCard key={j.name} job={j} />
        ))}
      </main>
    </>
  );
}

function JobCard({ job }: { job: JobView }) {
  const { status, show } = useStatus();
  const run = useRunJob({
    onSuccess: () => show('success', `${job.title} will start in a moment.`),
    onError: (err) => show('error', userMessage(err, 'The job could not be started.')),
  });
  const last = job.runs.find((r) => r.status !== 'running') ?? null;
  const id = `job-${job.name.replace(':', '-')}`;
  const busy = job.running !== null || job.requestedAt !== null;
  return (
    <section className={card} aria-labelledby={id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-bold text-navy-900">
            {job.title}
          </h2>
          <p className="font-mono text-sm text-muted">npm run {job.name}</p>
          <p className="mt-1 text-[15px]">{job.description}</p>
        </div>
        <Button onClick={() => run.mutate(job.name)} loading={run.isPending} disabled={busy} className="shrink-0">
          Run now
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {status && <Alert tone={status.tone}>{status.text}</Alert>}
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-[15px] sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-muted">Schedule</dt>
          <dd>{job.scheduleText}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">Next run</dt>
          <dd>{job.nextRunAt ? when(job.nextRunAt) : 'Not scheduled'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-muted">Last run</dt>
          <dd data-testid={`${id}-last`}>
            {job.running ? (
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge status="running" /> since {when(job.running.startedAt)}
              </span>
            ) : job.requestedAt ? (
              'Waiting for a server to start it…'
            ) : last ? (
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge status={last.status} /> {duration(last.durationMs)}, {when(last.finishedAt ?? last.startedAt)}
              </span>
            ) : (
              'Never run'
            )}
          </dd>
        </div>
      </dl>
      {last && <RunDetail run={last} />}
      {job.runs.length > 0 && <History runs={job.runs} />}
    </section>
  );
}

function RunDetail({ run }: { run: JobRunView }) {
  return (
    <div className="mt-4 space-y-2">
      {run.error && (
        <Alert tone="error" title="The last run failed">
          <span className="break-words">{run.error}</span>
        </Alert>
      )}
      {run.summary.length > 0 && (
        <div>
          <h3 id={`run-${run.id}-printed`} className="text-sm font-semibold text-muted">
            What the last run printed
          </h3>
          {/* long lines scroll sideways on a phone: focusable, so a keyboard scrolls it too */}
          <pre
            tabIndex={0}
            aria-labelledby={`run-${run.id}-printed`}
            className="mt-1 max-h-72 overflow-auto rounded-xl bg-canvas p-3 text-[13px] leading-5 text-ink focus-visible:outline-2 focus-visible:outline-focus"
          >
            {run.summary.join('\n')}
          </pre>
        </div>
      )}
    </div>
  );
}

function History({ runs }: { runs: JobRunView[] }) {
  return (
    <details className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 text-[15px] font-semibold text-navy-900">Recent runs ({runs.length})</summary>
      <ol className="divide-y divide-line">
        {runs.map((r) => (
          <li key={r.id} className="flex flex-col gap-1 py-2 text-[15px] sm:flex-row sm:items-center sm:gap-3">
            <span className="flex items-center gap-2 sm:w-44">
              <StatusBadge status={r.status} />
              <span className="tabular-nums">{duration(r.durationMs)}</span>
            </span>
            <span className="sm:w-52">{when(r.startedAt)}</span>
            <span className="text-sm text-muted">
              {TRIGGERS[r.trigger]}
              {r.requestedBy ? ` by ${r.requestedBy}` : ''} · {r.owner}
            </span>
            {r.error && <span className="text-sm break-words text-signal-700 sm:basis-full">{r.error}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
