import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import type { MutationConfig } from '../../../lib/react-query';

/** The owner of the current address cancels a change they did not ask for. */
export const cancelEmailChange = (token: string) => authApi.cancelEmailChange(token);

export const useCancelEmailChange = (config: MutationConfig<typeof cancelEmailChange> = {}) =>
  useMutation({ ...config, mutationFn: cancelEmailChange });
