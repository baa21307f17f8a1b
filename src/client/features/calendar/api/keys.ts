import { queryRoots } from '../../../lib/query-keys';

// The study plan (decision 105). Home reads the same root for "Today's plan", so a change here refreshes it there.
export const planKeys = {
  all: [queryRoots.plan] as const,
  mine: (userId: string) => [...planKeys.all, userId] as const,
};
