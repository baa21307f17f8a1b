import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NremtImportBody, NremtImportResponse } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminNremtKeys, adminReadinessKeys } from './readiness-keys';

/** POST /api/admin/nremt-results/import: a dry run reports every row; a real run writes all of them or none. */
export const importNremtResults = (body: NremtImportBody): Promise<NremtImportResponse> =>
  api<NremtImportResponse>('/api/admin/nremt-results/import', { json: body });

/** A dry run: nothing is written, so nothing cached changes. */
export const useCheckNremtImport = (csv: string, config: MutationConfig<() => Promise<NremtImportResponse>> = {}) =>
  useMutation({ ...config, mutationFn: () => importNremtResults({ csv, dryRun: true }) });

/** A real import: the component's onSuccess runs first (its report and message), then the results and readiness are read again. */
export function useImportNremtResults(csv: string, config: MutationConfig<() => Promise<NremtImportResponse>> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: () => importNremtResults({ csv, dryRun: false }),
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: adminNremtKeys.all });
      await client.invalidateQueries({ queryKey: adminReadinessKeys.all });
    },
  });
}
