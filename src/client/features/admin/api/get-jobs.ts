import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsResponse } from '@shared/contracts/jobs';
import { api } from '../../../lib/api';
import { adminJobKeys } from './jobs-keys';

/** How often the screen looks again while a run is going or waiting to start. */
export const JOBS_POLL_MS = 2_000;

/** GET /api/admin/jobs: each scheduled job with its schedule, next run, run in progress and recent runs. */
export const getJobs = (): Promise<JobsResponse> => api<JobsResponse>('/api/admin/jobs');

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: adminJobKeys.list(),
    queryFn: getJobs,
    // while a job runs or waits for a process, the screen follows it to the end
    refetchInterval: (q) => (q.state.data?.jobs.some((j) => j.running || j.requestedAt) ? JOBS_POLL_MS : false),
  });

export const useJobs = ({ enabled }: { enabled: boolean }) => useQuery({ ...jobsQueryOptions(), enabled });
