import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import type { MutationConfig } from '../../../lib/react-query';

export const requestPasswordReset = (email: string) => authApi.requestPasswordReset(email);

export const useRequestPasswordReset = (config: MutationConfig<typeof requestPasswordReset> = {}) =>
  useMutation({ ...config, mutationFn: requestPasswordReset });
