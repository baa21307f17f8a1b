import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import { authKeys } from './keys';

/** Whether a reset link's token is still good; checked once (no retry: a spent link stays spent). */
export const checkResetToken = (token: string) => authApi.checkResetToken(token);

export const resetTokenQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: () => checkResetToken(token ?? ''),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });

export const useResetToken = (token: string | null) => useQuery(resetTokenQueryOptions(token));
