import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserResponse, CourseLevelBody } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminUserKeys } from './keys';
import { userPath } from './paths';

export const setUserCourseLevel = ({ id, courseLevel }: { id: string } & CourseLevelBody) =>
  api<AdminUserResponse>(`${userPath(id)}/course-level`, { method: 'PATCH', json: { courseLevel } satisfies CourseLevelBody }).then(
    (r) => r.user,
  );

/**
 * Which decks, videos and questions the user sees (docs/product.md §10.1).
 * The component's onSuccess runs first (its message shows at once); the user list is read again before the mutation settles.
 */
export function useSetUserCourseLevel(config: MutationConfig<typeof setUserCourseLevel> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setUserCourseLevel,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminUserKeys.all });
    },
  });
}
