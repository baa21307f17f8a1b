import type { SortingQuestionsResponse } from '@shared/contracts/sorting';
import { api } from '../../../lib/api';

/**
 * The sorting questions. Read once per sitting by `use-sorting.ts`, which falls back to the built-in samples when this
 * fails or the bank is empty (docs/product.md §8): a sitting's own state, not cached server data, so no query hook.
 */
export const getSortingQuestions = () => api<SortingQuestionsResponse>('/api/sorting/questions');
