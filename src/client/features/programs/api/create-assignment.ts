import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassAssignmentResponse, CreateAssignmentBody } from '@shared/contracts/assignments';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const createAssignment = ({ classId, body }: { classId: string; body: CreateAssignmentBody }) =>
  api<ClassAssignmentResponse>(`/api/instructor/classes/${encodeURIComponent(classId)}/assignments`, { json: body }).then(
    (r) => r.assignment,
  );

/** Sets an assignment; the component's onSuccess runs first (it closes the dialog), then the class's list is read again. */
export function useCreateAssignment(config: MutationConfig<typeof createAssignment> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createAssignment,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: instructorKeys.assignments(args[1].classId) });
    },
  });
}
