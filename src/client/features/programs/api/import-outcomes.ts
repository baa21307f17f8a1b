import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NremtImportResponse } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const importOutcomes = ({ classId, csv, dryRun }: { classId: string; csv: string; dryRun: boolean }) =>
  api<NremtImportResponse>(`/api/instructor/classes/${encodeURIComponent(classId)}/outcomes/import`, { json: { csv, dryRun } });

/**
 * Checks (dry run: nothing written, nothing cached changes) or imports the class's CSV; after a real import the outcomes
 * are read again.
 */
export function useImportOutcomes(config: MutationConfig<typeof importOutcomes> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: importOutcomes,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      if (!args[1].dryRun) await client.invalidateQueries({ queryKey: instructorKeys.outcomes(args[1].classId) });
    },
  });
}
