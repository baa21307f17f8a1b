import type { ContentLevel } from '@shared/constants';
import { queryRoots } from '../../../lib/query-keys';

export const questionKeys = {
  all: [queryRoots.questions] as const,
  options: (level: ContentLevel | null) => [...questionKeys.all, 'options', level ?? 'default'] as const,
  current: () => [...questionKeys.all, 'current'] as const,
  session: (id: string) => [...questionKeys.all, 'session', id] as const,
  reports: (itemKey: string) => [...questionKeys.all, 'reports', itemKey] as const,
};
