import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminNremtListResponse } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';
import { adminNremtKeys } from './readiness-keys';

/** GET /api/admin/nremt-results?level=&page= */
export const listNremtResults = (level: string, page: number): Promise<AdminNremtListResponse> =>
  api<AdminNremtListResponse>(`/api/admin/nremt-results?${new URLSearchParams({ level, page: String(page) })}`);

/** A page of the reported results; the previous page stays on screen while the next one loads. */
export const nremtResultsQueryOptions = (level: string, page: number) =>
  queryOptions({
    queryKey: adminNremtKeys.list(level, page),
    queryFn: () => listNremtResults(level, page),
    placeholderData: keepPreviousData,
  });

export const useNremtResults = (level: string, page: number) => useQuery(nremtResultsQueryOptions(level, page));
