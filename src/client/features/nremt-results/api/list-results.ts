import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NremtResultListResponse, NremtResultView } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';
import { nremtResultKeys } from './keys';

/** GET /api/nremt-results: the student's own reports, newest sitting first. */
export const listResults = (): Promise<NremtResultView[]> => api<NremtResultListResponse>('/api/nremt-results').then((r) => r.results);

export const myResultsQueryOptions = () => queryOptions({ queryKey: nremtResultKeys.mine(), queryFn: listResults });

export const useMyResults = () => useQuery(myResultsQueryOptions());
