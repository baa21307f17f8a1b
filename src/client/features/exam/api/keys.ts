import { queryRoots } from '../../../lib/query-keys';

export const examKeys = {
  all: [queryRoots.exam] as const,
  current: () => [...examKeys.all, 'current'] as const,
  availability: (level: string) => [...examKeys.all, 'availability', level] as const,
  exam: (id: string) => [...examKeys.all, 'exam', id] as const,
  review: (id: string) => [...examKeys.all, 'review', id] as const,
};
