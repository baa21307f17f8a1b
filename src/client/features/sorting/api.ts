import type { CourseLevel } from '@shared/constants';
import type { SortingQuestion } from '@shared/sorting';
import { api } from '../../lib/api';

export interface SortingList {
  course_level: CourseLevel;
  /** no question at all in the bank (not just none for this level): use the built-in samples */
  database_empty: boolean;
  questions: SortingQuestion[];
}

export const sortingApi = {
  questions: () => api<SortingList>('/api/sorting/questions'),
  /** the student's own question_complete events: their progress (spec section 7) */
  completed: () => api<{ events: { feature_id: string | null }[] }>('/api/events?feature_type=sorting&action_type=question_complete'),
};
