import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { completionCounter, type DragDropScenario, type ScoreResult } from '@shared/drag-drop';
import { useAuth } from '../../lib/auth/auth-context';
import { Alert } from '../../components/ui/alert';
import { AlreadyCompleted } from '../../components/ui/already-completed';
import { Button } from '../../components/ui/button';
import { ScreenHeader } from '../../components/ui/screen-header';
import { track } from '../../lib/tracker';
import { useFeatureSession } from '../../lib/use-feature-session';
import { InfoDialog } from './info-dialog';
import { ResultsModal } from './results-modal';
import { ScenarioOverlay } from './scenario-overlay';
import { BoardSkeleton, LoadError, NoScenarios } from './screen-states';
import { TherapyBoard } from './therapy-board';
import { useDragDropData } from './use-drag-drop-data';
import { useScenarioRun } from './use-scenario-run';
import { Icon } from '../../components/icon';

const headerButton = 'flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 disabled:opacity-40';

/** /draganddrop: sort each case's therapies into Indicated and Not Indicated (docs/product.md §2 and §4). */
export default function DragDropPage() {
  const { user } = useAuth();
  useFeatureSession('drag_drop');
  const data = useDragDropData(user?.id ?? '');
  // ?scenario=<id>: a search result starts at that case (until the student moves on)
  const [params] = useSearchParams();
  const wanted = Number(params.get('scenario')) || null;
  const [position, setPosition] = useState<{ round: number; index: number; moved?: boolean }>({ round: 0, index: 0 });
  const lead = wanted === null || position.moved ? -1 : data.ordered.findIndex((s) => s.scenarioId === wanted);
  const index = lead >= 0 ? lead : position.round === data.round ? position.index : 0;
  const scenario = data.ordered[index];
  const runKey = `${data.round}:${index}`;
  const isLast = index >= data.ordered.length - 1;
  const [overlay, setOverlay] = useState({ key: '', open: true, started: false });
  const current = overlay.key === runKey ? overlay : { key: runKey, open: true, started: false };
  const [infoOpen, setInfoOpen] = useState(false);

  const { markCompleted } = data;
  const onChecked = useCallback(
    (s: DragDropScenario, r: ScoreResult) => {
      track('drag_drop', 'scenario_complete', {
        featureId: String(s.scenarioId),
        score: r.correct,
        totalItems: r.total,
        completionPercentage: r.percentage,
      });
      markCompleted(s.scenarioId);
    },
    [markCompleted],
  );
  const run = useScenarioRun(scenario, runKey, onChecked);

  const start = () => {
    if (scenario && !current.started) track('drag_drop', 'scenario_start', { featureId: String(scenario.scenarioId) });
    setOverlay({ key: runKey, open: false, started: true });
  };
  const next = () => {
    if (isLast) data.reorder();
    setPosition({ round: isLast ? data.round + 1 : data.round, index: isLast ? 0 : index + 1, moved: true });
  };

  const placedCount = run.placements.length;
  const remaining = run.therapies.length - placedCount;

  return (
    <>
      <ScreenHeader
        title="Drag & Drop"
        subtitle={<span data-testid="dd-counter">{completionCounter(data.completedCount, data.total)}</span>}
        action={
          <span className="flex items-center gap-2">
            <button type="button" className={headerButton} onClick={() => setInfoOpen(true)} aria-label="About drag & drop questions">
              <Icon name="info" className="size-6" />
            </button>
            <button
              type="button"
              className={headerButton}
              onClick={run.reset}
              disabled={!scenario || (placedCount === 0 && run.phase === 'placing')}
              aria-label="Reset"
            >
              <Icon name="restart" className="size-6" />
            </button>
          </span>
        }
      />
      <main className="mx-auto w-full max-w-2xl space-y-4 px-4 py-4" data-scenario-id={scenario?.scenarioId}>
        {scenario && <AlreadyCompleted itemKey={runKey} completed={data.isCompleted(scenario.scenarioId)} />}
        {data.offline && (
          <Alert tone="warning">
            You are offline: these are the scenarios saved on this device. Your progress is sent when you are back online.
          </Alert>
        )}
        {data.status === 'loading' ? (
          <BoardSkeleton />
        ) : data.status === 'error' ? (
          <LoadError message={data.error?.message ?? 'Please try again.'} retrying={data.retrying} onRetry={data.retry} />
        ) : !scenario ? (
          <NoScenarios />
        ) : (
          <>
            <section className="rounded-card bg-white p-4 shadow-sm ring-1 ring-line/70" aria-label="Case">
              <div className="flex items-center justify-between gap-2 text-xs font-bold uppercase tracking-wider text-muted">
                <span>
                  Scenario {index + 1} of {data.ordered.length}
                </span>
                {data.isCompleted(scenario.scenarioId) && <span className="rounded-full bg-go-100 px-2.5 py-1 text-go-700">Completed</span>}
              </div>
              <p className="mt-2 line-clamp-2 text-[15px] leading-relaxed text-ink">{scenario.scenario}</p>
              <Button variant="secondary" className="mt-3 w-full" onClick={() => setOverlay({ ...current, open: true })}>
                Tap to view scenario
              </Button>
            </section>

            <TherapyBoard
              therapies={run.therapies}
              placements={run.placements}
              locked={run.phase !== 'placing'}
              markOf={run.markOf}
              onPlace={run.place}
              onRemove={run.remove}
            />

            <div className="pb-4">
              {run.phase === 'placing' ? (
                run.canCheck ? (
                  <Button size="lg" onClick={run.check}>
                    Check Answers
                  </Button>
                ) : (
                  <p className="rounded-xl bg-white px-4 py-3 text-center text-sm text-muted ring-1 ring-line/70">
                    Place every therapy to check your answers · <span className="font-semibold text-navy-900">{remaining} left</span>
                  </p>
                )
              ) : run.phase === 'revealing' ? (
                <Button size="lg" disabled>
                  Checking…
                </Button>
              ) : (
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  <Button variant="secondary" onClick={() => run.setResultsOpen(true)}>
                    View Results
                  </Button>
                  <Button variant="secondary" onClick={run.reset}>
                    Try Again
                  </Button>
                  <Button className="col-span-2 sm:col-span-1" onClick={next}>
                    {isLast ? 'Continue Studying' : 'Next Scenario'}
                  </Button>
                </div>
              )}
            </div>

            <ScenarioOverlay
              open={current.open}
              scenario={scenario}
              position={`Scenario ${index + 1} of ${data.ordered.length}`}
              started={current.started}
              isLast={isLast}
              onStart={start}
              onNext={next}
            />
            {run.result && (
              <ResultsModal
                open={run.resultsOpen}
                onOpenChange={run.setResultsOpen}
                result={run.result}
                therapies={run.therapies}
                isLast={isLast}
                onNext={next}
              />
            )}
          </>
        )}
      </main>
      <InfoDialog open={infoOpen} onOpenChange={setInfoOpen} />
    </>
  );
}
