import type { ActionType, FeatureType } from '@shared/constants';
import { MAX_EVENTS_PER_BATCH, roundedPercent, type UsageEvent } from '@shared/events';
import { api, ApiError } from './api';
import { local } from './storage';

/**
 * Usage events (spec sections 3 and 7): queued in local storage so nothing is lost offline or on a
 * reload, sent in batches, retried with back-off, and delivered with sendBeacon when the page hides.
 * Each event has a client-generated id, so the server stores it once however often it is sent.
 */
const QUEUE_KEY = 'usage_event_queue';
const MAX_QUEUE = 2000;

export interface TrackFields {
  feature_id?: string | null;
  duration_seconds?: number | null;
  score?: number | null;
  total_items?: number | null;
  completion_percentage?: number | null;
}

function readQueue(): UsageEvent[] {
  try {
    const parsed = JSON.parse(local.get(QUEUE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
function writeQueue(queue: UsageEvent[]) {
  local.set(QUEUE_KEY, JSON.stringify(queue.slice(-MAX_QUEUE)));
}

let flushing: Promise<void> | null = null;
let retryTimer: number | undefined;
let backoffMs = 2000;

export function track(feature: FeatureType, action: ActionType, fields: TrackFields = {}) {
  const event: UsageEvent = {
    id: crypto.randomUUID(),
    feature_type: feature,
    action_type: action,
    feature_id: fields.feature_id ?? null,
    duration_seconds: fields.duration_seconds ?? null,
    score: fields.score ?? null,
    total_items: fields.total_items ?? null,
    completion_percentage: roundedPercent(fields.completion_percentage),
    created_at: new Date().toISOString(),
  };
  writeQueue([...readQueue(), event]);
  scheduleFlush(500);
}

function scheduleFlush(delay: number) {
  window.clearTimeout(retryTimer);
  retryTimer = window.setTimeout(() => void flush(), delay);
}

/** Sends what is queued; resolves when the queue is empty or the network is unavailable. */
export function flush(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (;;) {
        const batch = readQueue().slice(0, MAX_EVENTS_PER_BATCH);
        if (batch.length === 0) break;
        try {
          await api('/api/events', { json: { events: batch }, ignoreUnauthorized: true });
        } catch (e) {
          if (e instanceof ApiError && e.status === 400) {
            console.warn('[tracker] dropped a batch the server refused', e.message);
          } else {
            scheduleFlush(backoffMs);
            backoffMs = Math.min(backoffMs * 2, 60_000);
            return;
          }
        }
        const sent = new Set(batch.map((e) => e.id));
        writeQueue(readQueue().filter((e) => !sent.has(e.id)));
        backoffMs = 2000;
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** On page hide: hand what is queued to the browser, which delivers it even as the page goes away. */
export function flushWithBeacon() {
  const batch = readQueue().slice(0, MAX_EVENTS_PER_BATCH);
  if (batch.length === 0 || typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon('/api/events', new Blob([JSON.stringify({ events: batch })], { type: 'application/json' }));
  // Kept until a normal send confirms them; the server ignores the repeats.
}

let started = false;
export function startTracker() {
  if (started) return;
  started = true;
  window.addEventListener('online', () => void flush());
  window.addEventListener('pagehide', flushWithBeacon);
  scheduleFlush(1000);
}

export function pendingEvents(): number {
  return readQueue().length;
}
