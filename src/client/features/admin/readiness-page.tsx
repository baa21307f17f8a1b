import { lazy, Suspense } from 'react';
import type { ReadinessValidationResponse, ValidationFigures } from '@shared/contracts/readiness';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { userMessage } from '../../lib/user-message';
import { useStatus } from '../../lib/use-status';
import { useReadiness } from './api/get-readiness';
import { useRunValidation } from './api/run-validation';
import { useAdminGuard } from './use-admin-guard';
import { LoadError } from '../../components/ui/load-error';

const ReliabilityChart = lazy(() => import('./reliability-chart'));
const card = 'rounded-card bg-surface p-5 ring-1 ring-line/70 sm:p-6';
const num = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? '—' : v.toFixed(digits));
const pct = (v: number) => `${Math.round(v * 100)} %`;

/**
 * /admin/readiness: how well the pass prediction matches reported NREMT results, per level — the held-out figures of the
 * fitted model and of the engine's own chance, the reliability diagram and table, and whether student screens may show
 * the model yet (docs/decisions/099-readiness-validated-on-reported-results.md).
 */
export default function ReadinessPage() {
  const isAdmin = useAdminGuard();
  const q = useReadiness({ enabled: isAdmin });
  const { status, show } = useStatus();
  const run = useRunValidation({
    onSuccess: () => show('success', 'Validation run on the results reported so far.'),
    onError: (err) => show('error', userMessage(err, 'The validation could not be run.')),
  });
  if (!isAdmin) return null;
  return (
    <>
      <ScreenHeader title="Readiness Check" subtitle="The pass prediction against reported NREMT results" />
      <main className="mx-auto w-full max-w-5xl space-y-4 px-4 py-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted">
            Fitted on the older 70 % of sittings, scored on the newer 30 %. Student screens use the fitted model for a level only
            {q.data ? ` with N ≥ ${q.data.gate.minN} and a held-out ECE ≤ ${q.data.gate.maxEce}` : ''}.
          </p>
          <Button onClick={() => run.mutate()} loading={run.isPending} className="shrink-0">
            Run validation now
          </Button>
        </div>
        <div aria-live="polite" className="empty:hidden">
          {status && <Alert tone={status.tone}>{status.text}</Alert>}
        </div>
        {q.isError && (
          <LoadError error={q.error} fallback="The readiness check could not be loaded." onRetry={q.refetch} retrying={q.isFetching} />
        )}
        {q.isPending && <div className="h-72 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-hidden="true" />}
        {q.data?.levels.map((l) => (
          <LevelCard key={l.level} level={l} />
        ))}
      </main>
    </>
  );
}

function LevelCard({ level: l }: { level: ReadinessValidationResponse['levels'][number] }) {
  const run = l.run;
  return (
    <section className={card} aria-labelledby={`level-${l.level}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`level-${l.level}`} className="text-lg font-bold text-navy-900">
          {l.level}
        </h2>
        <p className="text-sm text-muted">
          {l.reported} reported {l.reported === 1 ? 'result' : 'results'}
          {run ? ` · run ${new Date(run.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
        </p>
      </div>
      {!run ? (
        <p className="mt-2 text-[15px] text-muted">Not validated yet. Run the validation, or `npm run readiness:validate`.</p>
      ) : (
        <>
          <p className="mt-2 text-[15px]">
            {run.usable ? (
              <span className="font-semibold text-go-700">Student screens may show the fitted chance of passing.</span>
            ) : (
              <span className="font-semibold text-navy-900">Student screens show verdict bands: the model has not met the bar yet.</span>
            )}{' '}
            <span className="text-muted">
              N {run.n} ({run.nTrain} fitted, {run.nTest} held out)
            </span>
          </p>
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-[15px] tabular-nums">
              <caption className="sr-only">Held-out figures for {l.level}</caption>
              <thead className="text-sm text-muted">
                <tr>
                  <th className="py-1 font-semibold">Held out</th>
                  <th className="py-1 text-right font-semibold">Brier</th>
                  <th className="py-1 text-right font-semibold">ECE</th>
                  <th className="py-1 text-right font-semibold">AUC</th>
                </tr>
              </thead>
              <tbody>
                <FigureRow name="Fitted model" f={run.fitted} />
                <FigureRow name="Engine chance" f={run.naive} />
              </tbody>
            </table>
          </div>
          {(run.fitted ?? run.naive) && (
            <div className="mt-4">
              <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-canvas" />}>
                <ReliabilityChart fitted={run.fitted?.bins ?? []} naive={run.naive?.bins ?? []} />
              </Suspense>
              <BinsTable figures={run.fitted ?? run.naive!} name={run.fitted ? 'fitted model' : 'engine chance'} />
            </div>
          )}
          {!run.fitted && <p className="mt-3 text-sm text-muted">Too few sittings with a practice exam before them to fit a model.</p>}
        </>
      )}
    </section>
  );
}

function FigureRow({ name, f }: { name: string; f: ValidationFigures | null }) {
  return (
    <tr className="border-t border-line">
      <td className="py-1.5">{name}</td>
      <td className="py-1.5 text-right">{num(f?.brier)}</td>
      <td className="py-1.5 text-right">{num(f?.ece)}</td>
      <td className="py-1.5 text-right">{num(f?.auc)}</td>
    </tr>
  );
}

function BinsTable({ figures, name }: { figures: ValidationFigures; name: string }) {
  return (
    <details className="mt-3">
      <summary className="min-h-11 cursor-pointer py-2 text-[15px] font-semibold text-navy-900">Reliability table ({name})</summary>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm tabular-nums">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-semibold">Decile</th>
              <th className="py-1 text-right font-semibold">n</th>
              <th className="py-1 text-right font-semibold">Predicted</th>
              <th className="py-1 text-right font-semibold">Passed</th>
              <th className="py-1 text-right font-semibold">95 % CI</th>
            </tr>
          </thead>
          <tbody>
            {figures.bins.map((b) => (
              <tr key={b.bin} className="border-t border-line">
                <td className="py-1">{b.bin}</td>
                <td className="py-1 text-right">{b.n}</td>
                <td className="py-1 text-right">{pct(b.meanPredicted)}</td>
                <td className="py-1 text-right">{pct(b.observed)}</td>
                <td className="py-1 text-right">
                  {pct(b.observedLow)}–{pct(b.observedHigh)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
