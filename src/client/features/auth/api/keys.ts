import { queryRoots } from '../../../lib/query-keys';

export const authKeys = {
  all: [queryRoots.auth] as const,
  resetToken: (token: string | null) => [...authKeys.all, 'reset-token', token] as const,
};
