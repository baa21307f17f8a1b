import type { SortingQuestionsResponse } from '@shared/contracts/sorting';
import type { EventsResponse } from '@shared/contracts/tracking';
import { api } from '../../lib/api';

export const sortingApi = {
  questions: () => api<SortingQuestionsResponse>('/api/sorting/questions'),
  /** the student's own question_complete events: their progress (docs/product.md §7) */
  completed: () => api<EventsResponse>('/api/events?featureType=sorting&actionType=question_complete'),
};
