import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import type { MutationConfig } from '../../../lib/react-query';

/** One of the two links of a change of address; the screen refreshes the session when the address changed. */
export const confirmEmailChange = (token: string) => authApi.confirmEmailChange(token);

export const useConfirmEmailChange = (config: MutationConfig<typeof confirmEmailChange> = {}) =>
  useMutation({ ...config, mutationFn: confirmEmailChange });
