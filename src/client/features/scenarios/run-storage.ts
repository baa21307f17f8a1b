import type { ScenarioState } from '@shared/scenario';
import { session } from '../../lib/storage';

/**
 * A scenario in progress, kept in this tab's session storage under its key, so the browser's back
 * and forward, the Android back gesture and a reload all come back to the same step with the steps
 * already answered. Each entry names its user: another student signing in on the tab starts afresh.
 */
type Run = Exclude<ScenarioState, { kind: 'menu' }>;
const storageKey = (scenarioKey: string) => `scenario_run:${scenarioKey}`;

export function readRun(scenarioKey: string, userId: string): Run | null {
  try {
    const parsed = JSON.parse(session.get(storageKey(scenarioKey)) ?? 'null') as { userId?: string; state?: Run } | null;
    const state = parsed?.userId === userId ? parsed.state : undefined;
    if (!state || (state.kind !== 'playing' && state.kind !== 'complete') || !Array.isArray(state.records)) return null;
    if (state.kind === 'playing' && !Number.isInteger(state.index)) return null;
    return state;
  } catch {
    return null;
  }
}

export function saveRun(scenarioKey: string, userId: string, state: ScenarioState) {
  if (state.kind === 'menu') session.remove(storageKey(scenarioKey));
  else session.set(storageKey(scenarioKey), JSON.stringify({ userId, state }));
}

export function clearRun(scenarioKey: string) {
  session.remove(storageKey(scenarioKey));
}
