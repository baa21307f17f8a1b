import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { DragDropScenario, DragDropScenariosResponse } from '@shared/contracts/drag-drop';
import { SCENARIO_CACHE_MAX_AGE_MS } from '@shared/drag-drop';
import { api } from '../../../lib/api';
import { readCache, writeCache } from '../../../lib/cache';
import { dragDropKeys } from './keys';
import { nowMs } from '../../../lib/clock';

export const getDragDropScenarios = () => api<DragDropScenariosResponse>('/api/drag-drop/scenarios');

/** drag_drop_scenarios_cache (docs/product.md §3): `{timestamp, scenarios}`, 60 days, labelled with the content version. */
export interface ScenarioCache {
  timestamp: number;
  scenarios: DragDropScenario[];
  contentVersion: string | null;
}

export function readScenarioCache(userId: string): ScenarioCache | null {
  const cached = readCache<ScenarioCache>(STORAGE_KEYS.dragDropScenariosCache, userId, SCENARIO_CACHE_MAX_AGE_MS);
  // a copy an older release saved in snake_case keys (decision 085) counts as no copy: the next load refetches it
  return cached && Array.isArray(cached.scenarios) && cached.scenarios.every((sc) => typeof sc?.scenarioId === 'number') ? cached : null;
}

export function writeScenarioCache(userId: string, data: DragDropScenariosResponse): ScenarioCache {
  const entry: ScenarioCache = { timestamp: nowMs(), scenarios: data.scenarios, contentVersion: data.contentVersion };
  writeCache(STORAGE_KEYS.dragDropScenariosCache, userId, entry, data.contentVersion);
  return entry;
}

/**
 * The scenarios: the copy kept on this device is shown at once (as data older than any, so it is refetched), and each
 * answer from the server replaces it, so a new content version replaces the scenarios.
 */
export const dragDropScenariosQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: dragDropKeys.scenarios(userId),
    queryFn: async () => writeScenarioCache(userId, await getDragDropScenarios()),
    initialData: () => readScenarioCache(userId) ?? undefined,
    initialDataUpdatedAt: 0,
  });

export const useDragDropScenarios = (userId: string) => useQuery(dragDropScenariosQueryOptions(userId));
