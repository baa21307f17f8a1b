import { STORAGE_KEYS } from '@shared/constants';
import type { DragDropScenario, DragDropScenariosResponse } from '@shared/contracts/drag-drop';
import type { EventsResponse } from '@shared/contracts/tracking';
import { SCENARIO_CACHE_MAX_AGE_MS } from '@shared/drag-drop';
import { api } from '../../lib/api';
import { readCache, writeCache } from '../../lib/cache';
import { local } from '../../lib/storage';
import { flush, pendingEvents } from '../../lib/tracker';

export const dragDropApi = {
  scenarios: () => api<DragDropScenariosResponse>('/api/drag-drop/scenarios'),
  completedEvents: () => api<EventsResponse>('/api/events?featureType=drag_drop&actionType=scenario_complete'),
};

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
  const entry: ScenarioCache = { timestamp: Date.now(), scenarios: data.scenarios, contentVersion: data.contentVersion };
  writeCache(STORAGE_KEYS.dragDropScenariosCache, userId, entry, data.contentVersion);
  return entry;
}

/** completedDragDropScenarios: the ids completed, the offline fallback of the server's progress. */
export function localCompleted(): number[] {
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.completedDragDropScenarios) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export function saveLocalCompleted(ids: Iterable<number>) {
  local.set(STORAGE_KEYS.completedDragDropScenarios, JSON.stringify([...new Set(ids)].sort((a, b) => a - b)));
}

export interface Progress {
  completed: number[];
  source: 'server' | 'device';
}

const FLUSH_WAIT_MS = 3000;

/**
 * The scenarios completed, from the server's events (docs/product.md §7). Events still queued on this
 * device (completed offline) are sent first, so the server counts them; if the server cannot be
 * reached, the list kept on this device stands in. Never throws.
 */
export async function loadProgress(): Promise<Progress> {
  await Promise.race([flush(), new Promise((r) => setTimeout(r, FLUSH_WAIT_MS))]).catch(() => undefined);
  try {
    const { events } = await dragDropApi.completedEvents();
    const server = events.map((e) => Number(e.featureId)).filter((n) => Number.isInteger(n) && n > 0);
    // Still unsent (the send failed just now): keep what this device completed as well.
    const completed = pendingEvents() > 0 ? [...new Set([...server, ...localCompleted()])] : [...new Set(server)];
    saveLocalCompleted(completed);
    return { completed, source: 'server' };
  } catch {
    return { completed: localCompleted(), source: 'device' };
  }
}
