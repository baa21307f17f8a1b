import type { ActionType, FeatureType } from '@shared/constants';
import { eventTimeAcceptable, MAX_EVENTS_PER_BATCH, roundedPercent, type UsageEvent } from '@shared/events';
import { legacyUsageEventKeys, renameLegacyKeys } from '@shared/legacy-wire';
import { api } from './api';
import { createOutbox } from './outbox';
import { nowDate } from './clock';

/**
 * Usage events (docs/product.md §3 and §7): queued in local storage so nothing is lost offline or on a
 * reload, sent in batches, retried with back-off, and delivered with sendBeacon when the page hides.
 * Each event has a client-generated id, so the server stores it once however often it is sent.
 */
export interface TrackFields {
  featureId?: string | null;
  durationSeconds?: number | null;
  score?: number | null;
  totalItems?: number | null;
  completionPercentage?: number | null;
}

const events = createOutbox<UsageEvent>({
  storageKey: 'usage_event_queue',
  batchSize: MAX_EVENTS_PER_BATCH,
  // LEGACY-WIRE (decision 085): events queued before the upgrade were stored with snake_case keys
  revive: (stored) => renameLegacyKeys(stored, legacyUsageEventKeys) as UsageEvent,
  // Events older than the server accepts (a device offline for weeks) are dropped here, so they never
  // make the server refuse a batch that also holds recent ones.
  send: async (batch) => {
    const fresh = batch.filter((e) => eventTimeAcceptable(e.createdAt));
    if (fresh.length > 0) await api('/api/events', { json: { events: fresh }, ignoreUnauthorized: true });
  },
});

export function track(feature: FeatureType, action: ActionType, fields: TrackFields = {}) {
  events.add({
    id: crypto.randomUUID(),
    featureType: feature,
    actionType: action,
    featureId: fields.featureId ?? null,
    durationSeconds: fields.durationSeconds ?? null,
    score: fields.score ?? null,
    totalItems: fields.totalItems ?? null,
    completionPercentage: roundedPercent(fields.completionPercentage),
    createdAt: nowDate().toISOString(),
  });
}

export const flush = () => events.flush();

/** On page hide: hand what is queued to the browser, which delivers it even as the page goes away. */
export function flushWithBeacon() {
  const batch = events.peek(MAX_EVENTS_PER_BATCH).filter((e) => eventTimeAcceptable(e.createdAt));
  if (batch.length === 0 || typeof navigator.sendBeacon !== 'function') return;
  navigator.sendBeacon('/api/events', new Blob([JSON.stringify({ events: batch })], { type: 'application/json' }));
  // Kept until a normal send confirms them; the server ignores the repeats.
}

let started = false;
export function startTracker() {
  if (started) return;
  started = true;
  window.addEventListener('pagehide', flushWithBeacon);
  void events.flush();
}

export const pendingEvents = () => events.pending();
