import { STORAGE_KEYS } from '@shared/constants';
import type { EventsResponse } from '@shared/contracts/tracking';
import type { ScenarioAnswersResponse, ScenarioMenuResponse } from '@shared/contracts/scenarios';
import { bestFromEvents, mergeBest } from '@shared/scenario';
import { api } from '../../lib/api';
import { local } from '../../lib/storage';

export type { ScenarioMenuResponse as ScenarioMenu };

export const scenariosApi = {
  menu: () => api<ScenarioMenuResponse>('/api/scenarios'),
  answers: () => api<ScenarioAnswersResponse>('/scenarioanswers.json'),
  completions: () => api<EventsResponse>('/api/events?featureType=scenario&actionType=scenario_complete'),
};

/** completedScenarios in local storage: scenario name → best percent (the offline fallback). */
export function localBest(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.completedScenarios) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function saveLocalBest(name: string, percent: number) {
  local.set(STORAGE_KEYS.completedScenarios, JSON.stringify(mergeBest(localBest(), name, percent)));
}

/** The server's record merged with this device's (an offline completion may not have reached it yet). */
export async function loadBest(): Promise<Record<string, number>> {
  const device = localBest();
  try {
    const server = bestFromEvents((await scenariosApi.completions()).events);
    return Object.entries(device).reduce((best, [name, pct]) => mergeBest(best, name, pct), server);
  } catch {
    return device;
  }
}
