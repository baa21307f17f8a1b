import { useEffect, useReducer, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mergeBest, scenarioReducer, scorePercent } from '@shared/scenario';
import { Alert } from '../../components/ui/alert';
import { AlreadyCompleted } from '../../components/ui/already-completed';
import { ScreenHeader } from '../../components/ui/screen-header';
import { track } from '../../lib/tracker';
import { useFeatureSession } from '../../lib/use-feature-session';
import { loadBest, saveLocalBest, scenariosApi } from './api';
import { scenarioKeys } from './keys';
import { ScenarioComplete } from './scenario-complete';
import { ScenarioMenu } from './scenario-menu';
import { ScenarioPlayer } from './scenario-player';

export default function ScenariosPage() {
  const [state, dispatch] = useReducer(scenarioReducer, { kind: 'menu' });
  const menu = useQuery({ queryKey: scenarioKeys.menu(), queryFn: scenariosApi.menu, staleTime: Infinity });
  const answers = useQuery({ queryKey: scenarioKeys.answers(), queryFn: scenariosApi.answers, staleTime: Infinity });
  const [best, setBest] = useState<Record<string, number>>({});
  useFeatureSession('scenario', state.kind === 'menu' ? null : state.name);

  useEffect(() => {
    void loadBest().then(setBest);
  }, []);

  const name = state.kind === 'menu' ? null : state.name;
  const steps = name ? (answers.data?.[name] ?? []) : [];

  /** Continue to the next step; after the last one the scenario is complete (logged once, in this event). */
  function continueScenario() {
    const next = scenarioReducer(state, { type: 'continue', steps });
    dispatch({ type: 'continue', steps });
    if (state.kind === 'complete' || next.kind !== 'complete') return;
    // On completion the best percentage is kept (never lowered) and scenario_complete is logged.
    const percent = scorePercent(next.records);
    track('scenario', 'scenario_complete', {
      feature_id: next.name,
      score: next.records.filter((r) => r.correct).length,
      total_items: next.records.length,
      completion_percentage: percent,
    });
    saveLocalBest(next.name, percent);
    setBest((b) => mergeBest(b, next.name, percent));
  }

  function start(scenario: string) {
    track('scenario', 'scenario_start', { feature_id: scenario });
    dispatch({ type: 'start', name: scenario });
    window.scrollTo({ top: 0 });
  }

  const failed = menu.isError || answers.isError;
  return (
    <>
      <ScreenHeader title="Clinical Scenarios" subtitle="One patient, start to finish: choose what you would do at each step." />
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
        {!failed && (menu.isPending || answers.isPending) && (
          <div className="h-96 animate-pulse rounded-card bg-white ring-1 ring-line/70" aria-label="Loading scenarios" />
        )}
        {menu.data && answers.data && state.kind === 'menu' && <ScenarioMenu menu={menu.data} best={best} onPick={start} />}
        {state.kind === 'playing' && state.index === 0 && (
          <div className="mb-3">
            <AlreadyCompleted
              itemKey={state.name}
              completed={best[state.name] !== undefined}
              detail={best[state.name] !== undefined ? `best ${best[state.name]}%` : undefined}
            />
          </div>
        )}
        {state.kind === 'playing' && steps.length > 0 && (
          <ScenarioPlayer
            state={state}
            steps={steps}
            onAnswer={(choice) => dispatch({ type: 'answer', choice, steps })}
            onContinue={continueScenario}
            onReset={() => dispatch({ type: 'reset' })}
            onBack={() => dispatch({ type: 'back' })}
          />
        )}
        {state.kind === 'playing' && answers.data && steps.length === 0 && <Alert tone="error">This scenario has no steps yet.</Alert>}
        {state.kind === 'complete' && (
          <ScenarioComplete
            name={state.name}
            records={state.records}
            best={best[state.name] ?? scorePercent(state.records)}
            onRetry={() => start(state.name)}
            onMenu={() => dispatch({ type: 'back' })}
          />
        )}
      </main>
    </>
  );
}
