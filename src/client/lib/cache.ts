import { local } from './storage';
import { nowMs } from './clock';

/**
 * Small per-user caches in local storage (docs/product.md §9: profile 24 h, stats 1 h, counts and cards
 * 60 days). Each entry remembers whose it is, so a cache never shows one user's data to another.
 */
interface Entry<T> {
  userId: string;
  savedAt: number;
  version?: string | null;
  data: T;
}

export const CACHE_AGES = {
  profile: 24 * 60 * 60 * 1000,
  stats: 60 * 60 * 1000,
  content: 60 * 24 * 60 * 60 * 1000,
} as const;

export function readCache<T>(key: string, userId: string, maxAgeMs: number, version?: string | null, now = nowMs()): T | null {
  try {
    const entry = JSON.parse(local.get(key) ?? 'null') as Entry<T> | null;
    if (!entry || entry.userId !== userId || now - entry.savedAt > maxAgeMs) return null;
    if (version !== undefined && entry.version !== version) return null;
    return entry.data;
  } catch {
    return null;
  }
}

export function writeCache<T>(key: string, userId: string, data: T, version?: string | null) {
  const entry: Entry<T> = { userId, savedAt: nowMs(), version, data };
  local.set(key, JSON.stringify(entry));
}

export function clearCache(...keys: string[]) {
  for (const k of keys) local.remove(k);
}
