import { queryRoots } from '../../../lib/query-keys';

export const dragDropKeys = {
  all: [queryRoots.dragDrop] as const,
  scenarios: (userId: string | undefined) => [...dragDropKeys.all, 'scenarios', userId] as const,
  progress: (userId: string | undefined) => [...dragDropKeys.all, 'progress', userId] as const,
};
