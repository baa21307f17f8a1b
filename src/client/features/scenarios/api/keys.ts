import { queryRoots } from '../../../lib/query-keys';

export const scenarioKeys = {
  all: [queryRoots.scenarios] as const,
  menu: () => [...scenarioKeys.all, 'menu'] as const,
  answers: () => [...scenarioKeys.all, 'answers'] as const,
  one: (key: string) => [...scenarioKeys.all, 'one', key] as const,
};
