import { useMutation } from '@tanstack/react-query';
import { authApi } from '../../../lib/auth/api';
import type { MutationConfig } from '../../../lib/react-query';

export const resetPassword = (token: string, newPassword: string) => authApi.resetPassword(token, newPassword);

/** Sets the new password with the link's token; the screen signs out and says so (nothing cached changes). */
type ResetVariables = { newPassword: string };

export function useResetPassword(
  token: string | null,
  config: MutationConfig<(v: ResetVariables) => ReturnType<typeof resetPassword>> = {},
) {
  return useMutation({ ...config, mutationFn: ({ newPassword }: ResetVariables) => resetPassword(token ?? '', newPassword) });
}
