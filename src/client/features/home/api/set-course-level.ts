import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseLevelBody, ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../../lib/api';
import { queryRoots } from '../../../lib/query-keys';
import type { MutationConfig } from '../../../lib/react-query';
import { homeKeys } from './keys';

/** The one-tap answer to "Which exam are you preparing for?" (the same call as the profile's setting). */
export const setCourseLevel = (body: CourseLevelBody) =>
  api<ProfileResponse>('/api/profile/course-level', { method: 'PATCH', json: body }).then((r) => r.profile);

/** The component's onSuccess runs first (the question closes at once); then the home screen and the profile are read again. */
export function useSetCourseLevel(config: MutationConfig<typeof setCourseLevel> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setCourseLevel,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      // the scenarios held are the old level's (decision 107): read again when next shown
      client.removeQueries({ queryKey: [queryRoots.scenarios] });
      await client.invalidateQueries({ queryKey: homeKeys.all });
      await client.invalidateQueries({ queryKey: [queryRoots.profile] });
    },
  });
}
