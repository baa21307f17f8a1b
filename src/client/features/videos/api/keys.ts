import { queryRoots } from '../../../lib/query-keys';

export const videoKeys = {
  all: [queryRoots.videos] as const,
  list: (userId: string | undefined) => [...videoKeys.all, 'list', userId] as const,
};
