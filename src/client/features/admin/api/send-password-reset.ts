import { useMutation } from '@tanstack/react-query';
import type { ResetSentResponse } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { userPath } from './paths';

/** Sends the user a password-reset e-mail; nothing cached changes. */
export const sendPasswordReset = (id: string) => api<ResetSentResponse>(`${userPath(id)}/reset-password`, { json: {} });

export const useSendPasswordReset = (config: MutationConfig<typeof sendPasswordReset> = {}) =>
  useMutation({ ...config, mutationFn: sendPasswordReset });
