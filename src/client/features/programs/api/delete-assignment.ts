import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const deleteAssignment = ({ classId, assignmentId }: { classId: string; assignmentId: string }) =>
  api<null>(`/api/instructor/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}`, {
    method: 'DELETE',
  });

/** Removes an assignment, then reads the class's list again. */
export function useDeleteAssignment(config: MutationConfig<typeof deleteAssignment> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: deleteAssignment,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: instructorKeys.assignments(args[1].classId) });
    },
  });
}
