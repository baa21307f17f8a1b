import { STORAGE_KEYS } from '@shared/constants';
import { parseCompletedIds } from '@shared/sorting';
import { local } from '../../lib/storage';

/** completedSortingQuestions (docs/product.md §3): the offline copy of the student's progress. */
export function readLocalCompleted(): number[] {
  try {
    const parsed: unknown = JSON.parse(local.get(STORAGE_KEYS.completedSortingQuestions) ?? '[]');
    return Array.isArray(parsed) ? parseCompletedIds(parsed) : [];
  } catch {
    return [];
  }
}

export function writeLocalCompleted(ids: Iterable<number>) {
  local.set(STORAGE_KEYS.completedSortingQuestions, JSON.stringify([...new Set(ids)].sort((a, b) => a - b)));
}
