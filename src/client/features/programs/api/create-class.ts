import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassResponse, CreateClassBody } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { instructorKeys } from './keys';

export const createClass = (body: CreateClassBody) => api<ClassResponse>('/api/instructor/classes', { json: body }).then((r) => r.class);

/** Creates a class; the component's onSuccess runs first (it shows the code), then the class list is read again. */
export function useCreateClass(config: MutationConfig<typeof createClass> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createClass,
    onSuccess: async (...args) => {
      await config.onSuccess?.(...args);
      await client.invalidateQueries({ queryKey: instructorKeys.all });
    },
  });
}
