import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordOutcomeBody } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const recordOutcome = ({ classId, body }: { classId: string; body: RecordOutcomeBody }) =>
  api<unknown>(`/api/instructor/classes/${encodeURIComponent(classId)}/outcomes`, { json: body });

/** Records one sitting; the component's onSuccess runs first (it closes the form), then the outcomes are read again. */
export function useRecordOutcome(config: MutationConfig<typeof recordOutcome> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: recordOutcome,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: instructorKeys.outcomes(args[1].classId) });
    },
  });
}
