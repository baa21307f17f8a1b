import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileNamesBody, ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { profileSaved } from './saved-profile';

export const saveProfileNames = (body: ProfileNamesBody) =>
  api<ProfileResponse>('/api/profile', { method: 'PATCH', json: body }).then((r) => r.profile);

/** The component's onSuccess runs once the home greeting has the new name. */
export function useSaveProfileNames(config: MutationConfig<typeof saveProfileNames> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: saveProfileNames,
    onSuccess: async (profile, ...rest) => {
      await profileSaved(client, profile);
      await config.onSuccess?.(profile, ...rest);
    },
  });
}
