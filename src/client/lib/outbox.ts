import { ApiError } from './api';
import { local } from './storage';

/**
 * A queue of writes kept in local storage until the server has them: nothing is lost offline or on
 * a reload. Items are sent in order, in batches; a network failure retries with back-off, a refusal
 * (400/403/404) drops the batch so one bad item cannot block the rest. With `keyOf`, a newer item
 * replaces a queued one with the same key (the latest state of a card wins). With `revive`, an item stored by an
 * older release is brought to the current shape as it is read (decision 085), so it replays after an upgrade.
 */
export interface OutboxOptions<T> {
  storageKey: string;
  send: (batch: T[]) => Promise<unknown>;
  batchSize: number;
  keyOf?: (item: T) => string;
  maxItems?: number;
  revive?: (stored: unknown) => T;
}

export interface Outbox<T> {
  add(item: T): void;
  flush(): Promise<void>;
  peek(n: number): T[];
  pending(): number;
}

/**
 * Queues belong to the signed-in user: each is stored under `<key>:<userId>` and only the current
 * user's queue is sent, so one student's writes never go out under another student's session.
 * Signed out, nothing is queued.
 */
let currentUser: string | null = null;
const registry: Outbox<unknown>[] = [];
export const OUTBOX_PREFIXES: string[] = [];

export function setOutboxUser(userId: string | null) {
  if (userId === currentUser) return;
  currentUser = userId;
  if (userId) for (const box of registry) void box.flush();
}

export function createOutbox<T>({ storageKey, send, batchSize, keyOf, maxItems = 2000, revive }: OutboxOptions<T>): Outbox<T> {
  OUTBOX_PREFIXES.push(`${storageKey}:`);
  const keyFor = () => (currentUser ? `${storageKey}:${currentUser}` : null);
  const read = (key = keyFor()): T[] => {
    if (!key) return [];
    try {
      const parsed: unknown = JSON.parse(local.get(key) ?? '[]');
      if (!Array.isArray(parsed)) return [];
      return revive ? parsed.map(revive) : (parsed as T[]);
    } catch {
      return [];
    }
  };
  const write = (items: T[], key = keyFor()) => {
    if (key) local.set(key, JSON.stringify(items.slice(-maxItems)));
  };
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 2000;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), ms);
  };

  async function sendQueued(): Promise<void> {
    for (;;) {
      const key = keyFor();
      const batch = read(key).slice(0, batchSize);
      if (!key || batch.length === 0) return;
      try {
        await send(batch);
      } catch (e) {
        const refused = e instanceof ApiError && [400, 403, 404, 409].includes(e.status);
        if (!refused) {
          schedule(backoff);
          backoff = Math.min(backoff * 2, 60_000);
          return;
        }
        console.warn(`[${storageKey}] dropped items the server refused:`, e.message);
      }
      // Remove what was sent; an item replaced meanwhile (same key, new content) stays queued.
      const sent = new Set(batch.map((b) => JSON.stringify(b)));
      write(
        read(key).filter((item) => !sent.has(JSON.stringify(item))),
        key,
      );
      if (key !== keyFor()) return; // the user changed while sending
      backoff = 2000;
    }
  }

  /** One send loop at a time; callers during a send share its promise. */
  function flush(): Promise<void> {
    if (!flushing) flushing = sendQueued().finally(() => (flushing = null));
    return flushing;
  }

  if (typeof window !== 'undefined') window.addEventListener('online', () => void flush());

  const box: Outbox<T> = {
    add(item) {
      if (!keyFor()) return;
      const items = read();
      const key = keyOf?.(item);
      write([...(key === undefined ? items : items.filter((i) => keyOf!(i) !== key)), item]);
      schedule(300);
    },
    flush,
    peek: (n) => read().slice(0, n),
    pending: () => read().length,
  };
  registry.push(box);
  return box;
}
