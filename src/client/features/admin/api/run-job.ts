import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobName, JobsResponse, RunJobResponse } from '@shared/contracts/jobs';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { adminJobKeys } from './jobs-keys';

/** POST /api/admin/jobs/:name/run: "Run now" (202; 409 while the job is running). */
export const runJob = (name: JobName): Promise<RunJobResponse> =>
  api<RunJobResponse>(`/api/admin/jobs/${encodeURIComponent(name)}/run`, { json: {} });

/** The job's new state replaces its row in the cached list (the list then polls until the run ends); onSuccess runs after. */
export function useRunJob(config: MutationConfig<typeof runJob> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: runJob,
    onSuccess: (data, ...rest) => {
      client.setQueryData<JobsResponse>(adminJobKeys.list(), (old) =>
        old ? { ...old, jobs: old.jobs.map((j) => (j.name === data.job.name ? data.job : j)) } : old,
      );
      void client.invalidateQueries({ queryKey: adminJobKeys.all });
      return config.onSuccess?.(data, ...rest);
    },
  });
}
