import { STORAGE_KEYS } from '@shared/constants';
import { local } from '../../lib/storage';

/** Recent searches are kept on this device only, per user, newest first. */
const MAX_RECENT = 8;

const keyOf = (userId: string) => `${STORAGE_KEYS.recentSearches}:${userId}`;

export function readRecent(userId: string): string[] {
  try {
    const list = JSON.parse(local.get(keyOf(userId)) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function addRecent(userId: string, q: string): string[] {
  const query = q.trim();
  const next = [query, ...readRecent(userId).filter((x) => x.toLowerCase() !== query.toLowerCase())].slice(0, MAX_RECENT);
  local.set(keyOf(userId), JSON.stringify(next));
  return next;
}

export function clearRecent(userId: string): void {
  local.remove(keyOf(userId));
}
