import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseLevelBody, ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';
import { profileSaved } from './saved-profile';

/** Which exam the student prepares for: Paramedic, EMT or Both. */
export const setCourseLevel = (body: CourseLevelBody) =>
  api<ProfileResponse>('/api/profile/course-level', { method: 'PATCH', json: body }).then((r) => r.profile);

/** The component's onSuccess runs once the home screen (its decks and greeting) has been read again. */
export function useSetCourseLevel(config: MutationConfig<typeof setCourseLevel> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCourseLevel,
    onSuccess: async (profile, ...rest) => {
      // the scenarios held are the old level's (decision 107): read again when next shown
      client.removeQueries({ queryKey: [queryRoots.scenarios] });
      await profileSaved(client, profile);
      await config.onSuccess?.(profile, ...rest);
    },
  });
}
