import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailBody, ChangeEmailResponse } from '@shared/contracts/profile';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** Starts a change of address: links go to the new and to the current address. Nothing cached changes until one is followed. */
export const changeEmail = (body: ChangeEmailBody) => api<ChangeEmailResponse>('/api/account/change-email', { json: body });

export const useChangeEmail = (config: MutationConfig<typeof changeEmail> = {}) => useMutation({ ...config, mutationFn: changeEmail });
