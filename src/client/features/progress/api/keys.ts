import type { ContentLevel } from '@shared/constants';
import { queryRoots } from '../../../lib/query-keys';

export const progressKeys = {
  all: [queryRoots.progress] as const,
  detail: (level: ContentLevel | null) => [...progressKeys.all, level ?? 'default'] as const,
};
