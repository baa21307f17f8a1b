import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { MarkKind } from '@shared/constants';
import type { SavedListResponse } from '@shared/contracts/saved';
import { useAuth } from './auth/auth-context';
import { api } from './api';
import { readCache, writeCache } from './cache';
import { createOutbox } from './outbox';
import { queryRoots } from './query-keys';

/**
 * The student's bookmarks (decision 102), shared by every screen with a star (flashcards, questions, scenarios, videos) and
 * by /saved: the list from the server (kept on the device for offline use), with this device's writes still waiting in the
 * outbox laid over it. A write goes through the outbox like every other: offline it waits, then is sent once (its client id
 * makes a replay one bookmark and one event on the server).
 */
export interface SavedWrite {
  kind: MarkKind;
  key: string;
  saved: boolean;
  clientId: string;
}

export const savedKeys = { all: [queryRoots.saved] as const, list: () => [...savedKeys.all, 'list'] as const };

const CACHE_KEY = 'saved_items_cache';
const CACHE_AGE = 60 * 24 * 60 * 60 * 1000;

/** The query client of the mounted app, so a write the outbox sends later refreshes the list. */
let client: QueryClient | null = null;
let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version++;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export const savedWrites = createOutbox<SavedWrite>({
  storageKey: 'saved_queue',
  batchSize: 1,
  // a newer tap on the same item replaces the queued one: the latest state wins
  keyOf: (w) => `${w.kind}:${w.key}`,
  send: async ([w]) => {
    await api(`/api/saved/${w!.kind}/${encodeURIComponent(w!.key)}`, {
      method: 'PUT',
      json: { saved: w!.saved, clientId: w!.clientId },
    });
    void client?.invalidateQueries({ queryKey: savedKeys.all });
  },
});

export const getSaved = () => api<SavedListResponse>('/api/saved');

/** The list from the server; offline, the copy this device last had (null without one). */
function savedQuery(userId: string) {
  return {
    queryKey: [...savedKeys.list(), userId] as const,
    queryFn: async (): Promise<SavedListResponse & { fromDevice?: boolean }> => {
      try {
        const list = await getSaved();
        writeCache(CACHE_KEY, userId, list);
        return list;
      } catch (err) {
        const cached = readCache<SavedListResponse>(CACHE_KEY, userId, CACHE_AGE);
        if (cached) return { ...cached, fromDevice: true };
        throw err;
      }
    },
    staleTime: 30_000,
  };
}

const KIND_LIST = { flashcard: 'flashcards', question: 'questions', scenario: 'scenarios', video: 'videos' } as const;

function pendingOf(kind: MarkKind, key: string): SavedWrite | undefined {
  return savedWrites
    .peek(2000)
    .filter((w) => w.kind === kind && w.key === key)
    .at(-1);
}

/** The saved list with this device's queued writes: `pending` are the writes not yet on the server. */
export function useSavedList() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    client = queryClient;
  }, [queryClient]);
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const query = useQuery({ ...savedQuery(user?.id ?? ''), enabled: Boolean(user) });
  return { ...query, pending: savedWrites.peek(2000) };
}

/** Whether the item is saved (on this device's latest word), and the tap that flips it. */
export function useSavedMark(kind: MarkKind, key: string) {
  const list = useSavedList();
  const pending = pendingOf(kind, key);
  const onServer = list.data?.[KIND_LIST[kind]].some((i) => i.key === key) ?? false;
  const saved = pending ? pending.saved : onServer;
  return {
    saved,
    toggle: () => {
      savedWrites.add({ kind, key, saved: !saved, clientId: crypto.randomUUID() });
      changed();
    },
  };
}
