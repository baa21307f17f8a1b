import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NremtResultBody } from '@shared/contracts/nremt-results';
import type { MutationConfig } from '../../../lib/react-query';
import { createResult } from './create-result';
import { nremtResultKeys } from './keys';
import { updateResult } from './update-result';

/**
 * Saves the form: a new result without `id`, else that result's new values. The list is read again before the component's
 * onSuccess runs (the form closes on the fresh list).
 */
export function useSaveResult(id: string | null, config: MutationConfig<typeof createResult> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (body: NremtResultBody) => (id ? updateResult({ id, body }) : createResult(body)),
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: nremtResultKeys.all });
      await config.onSuccess?.(...args);
    },
  });
}
