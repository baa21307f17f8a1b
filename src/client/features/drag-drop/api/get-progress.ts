import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@shared/constants';
import type { EventsResponse } from '@shared/contracts/tracking';
import { api } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { flush, pendingEvents } from '../../../lib/tracker';
import { dragDropKeys } from './keys';

/** The student's scenario_complete events. */
export const getCompletedScenarios = () => api<EventsResponse>('/api/events?featureType=drag_drop&actionType=scenario_complete');

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
    const { events } = await getCompletedScenarios();
    const server = events.map((e) => Number(e.featureId)).filter((n) => Number.isInteger(n) && n > 0);
    // Still unsent (the send failed just now): keep what this device completed as well.
    const completed = pendingEvents() > 0 ? [...new Set([...server, ...localCompleted()])] : [...new Set(server)];
    saveLocalCompleted(completed);
    return { completed, source: 'server' };
  } catch {
    return { completed: localCompleted(), source: 'device' };
  }
}

/** Read once per visit (never fails: the device's list stands in); completions on this screen are added by the screen. */
export const dragDropProgressQueryOptions = (userId: string) =>
  queryOptions({ queryKey: dragDropKeys.progress(userId), queryFn: loadProgress, staleTime: Infinity, retry: false });

export const useDragDropProgress = (userId: string) => useQuery(dragDropProgressQueryOptions(userId));
