import { useEffect, useReducer, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { mergeBest, scenarioReducer, scorePercent, type ScenarioAction, type ScenarioState, type ScenarioStep } from '@shared/scenario';
import { ERROR_CODES } from '@shared/errors';
import { Alert } from '../../components/ui/alert';
import { ApiError } from '../../lib/api';
import { AlreadyCompleted } from '../../components/ui/already-completed';
import { ScreenHeader } from '../../components/ui/screen-header';
import { SaveStar } from '../../components/save-star';
import { useAuth } from '../../lib/auth/auth-context';
import { track } from '../../lib/tracker';
import { useFeatureSession } from '../../lib/use-feature-session';
import { loadBest, saveLocalBest } from './api/get-best-scores';
import { useScenario } from './api/get-scenario';
import { useScenarioAnswers } from './api/get-scenario-answers';
import { useScenarioMenu } from './api/get-scenario-menu';
import { clearRun, readRun, saveRun } from './run-storage';
import { ScenarioComplete } from './scenario-complete';
import { ScenarioMenu } from './scenario-menu';
import { ScenarioPlayer } from './scenario-player';

/**
 * /scenarios is the menu; /scenarios/:key plays one scenario through to its completion. The run in
 * progress is kept per scenario (run-storage.ts), so leaving by Back and returning resumes it.
 */
export default function ScenariosPage() {
  const { key } = useParams();
  const navigate = useNavigate();
  const userId = useAuth().user?.id ?? '';
  const menu = useScenarioMenu();
  const answers = useScenarioAnswers();
  const [best, setBest] = useState<Record<string, number>>({});
  const entry = key ? menu.data?.groups.flatMap((g) => g.scenarios).find((s) => s.key === key) : undefined;
  useFeatureSession('scenario', entry?.name ?? null);
  // an address the menu does not hold: asked once, to tell another level's scenario (403) from none (404)
  const missing = useScenario(key, !!key && !!menu.data && !entry);
  const otherLevel = missing.error instanceof ApiError && missing.error.code === ERROR_CODES.levelNotAvailable ? missing.error : null;

  useEffect(() => {
    void loadBest().then(setBest);
  }, []);

  /** Opening a scenario resumes the run in progress; one not started or already finished starts afresh. */
  function open(scenarioKey: string) {
    const name = menu.data?.groups.flatMap((g) => g.scenarios).find((s) => s.key === scenarioKey)?.name;
    if (readRun(scenarioKey, userId)?.kind !== 'playing') {
      clearRun(scenarioKey);
      if (name) track('scenario', 'scenario_start', { featureId: name });
    }
    void navigate(`/scenarios/${scenarioKey}`);
    window.scrollTo({ top: 0 });
  }

  function completed(name: string, percent: number) {
    saveLocalBest(name, percent);
    setBest((b) => mergeBest(b, name, percent));
  }

  const failed = menu.isError || answers.isError;
  const loading = !failed && (menu.isPending || answers.isPending);
  return (
    <>
      <ScreenHeader
        title={entry ? entry.name : 'Clinical Scenarios'}
        subtitle={entry ? entry.title : 'One patient, start to finish: choose what you would do at each step.'}
        backTo={key ? '/scenarios' : '/home'}
        action={entry && <SaveStar kind="scenario" itemKey={entry.key} label="this scenario" tone="dark" />}
      />
      <main className="mx-auto w-full max-w-2xl px-4 py-5">
        {failed && (
          <Alert tone="error">
            Scenarios could not be loaded.{' '}
            <button
              className="font-semibold underline"
              onClick={() => {
                void menu.refetch();
                void answers.refetch();
              }}
            >
              Try again
            </button>
          </Alert>
        )}
        {loading && <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-label="Loading scenarios" />}
        {menu.data && answers.data && !key && <ScenarioMenu menu={menu.data} best={best} onPick={open} />}
        {menu.data && answers.data && key && !entry && otherLevel && (
          <Alert tone="error">
            {otherLevel.message}{' '}
            <Link to="/scenarios" className="font-semibold underline">
              Your scenarios
            </Link>
          </Alert>
        )}
        {menu.data && answers.data && key && !entry && missing.isError && !otherLevel && (
          <Alert tone="error">
            This scenario is not in the library.{' '}
            <Link to="/scenarios" className="font-semibold underline">
              All Scenarios
            </Link>
          </Alert>
        )}
        {answers.data && key && entry && (
          <ScenarioRun
            key={`${key}:${userId}`}
            scenarioKey={key}
            name={entry.name}
            userId={userId}
            steps={answers.data[entry.name] ?? []}
            best={best[entry.name]}
            onComplete={completed}
            onMenu={() => void navigate('/scenarios')}
          />
        )}
      </main>
    </>
  );
}

/** One scenario from its first step to its completion, its state saved after every change. */
function ScenarioRun({
  scenarioKey,
  name,
  userId,
  steps,
  best,
  onComplete,
  onMenu,
}: {
  scenarioKey: string;
  name: string;
  userId: string;
  steps: ScenarioStep[];
  best: number | undefined;
  onComplete: (name: string, percent: number) => void;
  onMenu: () => void;
}) {
  const [state, dispatch] = useReducer(
    scenarioReducer,
    null,
    (): ScenarioState => readRun(scenarioKey, userId) ?? { kind: 'playing', name, index: 0, records: [], answer: null },
  );
  useEffect(() => saveRun(scenarioKey, userId, state), [scenarioKey, userId, state]);

  // Completion is logged once, when the last step's Continue finishes the run (not when a reload shows it again).
  const act = (action: ScenarioAction) => {
    const next = scenarioReducer(state, action);
    if (next.kind === 'complete' && state.kind !== 'complete') {
      const percent = scorePercent(next.records);
      track('scenario', 'scenario_complete', {
        featureId: name,
        score: next.records.filter((r) => r.correct).length,
        totalItems: next.records.length,
        completionPercentage: percent,
      });
      onComplete(name, percent);
    }
    dispatch(action);
  };

  if (steps.length === 0) return <Alert tone="error">This scenario has no steps yet.</Alert>;
  if (state.kind === 'complete')
    return (
      <ScenarioComplete
        name={name}
        records={state.records}
        best={Math.max(best ?? 0, scorePercent(state.records))}
        onRetry={() => {
          track('scenario', 'scenario_start', { featureId: name });
          dispatch({ type: 'start', name });
          window.scrollTo({ top: 0 });
        }}
        onMenu={onMenu}
      />
    );
  if (state.kind !== 'playing' || !steps[state.index]) return null;
  return (
    <>
      {state.index === 0 && state.answer === null && (
        <div className="mb-3">
          <AlreadyCompleted itemKey={name} completed={best !== undefined} detail={best !== undefined ? `best ${best}%` : undefined} />
        </div>
      )}
      <ScenarioPlayer
        state={state}
        steps={steps}
        onAnswer={(choice) => act({ type: 'answer', choice, steps })}
        onContinue={() => act({ type: 'continue', steps })}
        onReset={() => act({ type: 'reset' })}
      />
    </>
  );
}
