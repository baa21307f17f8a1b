import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH_MIN_CHARS, type SearchResponse } from '@shared/contracts/search';
import { api } from '../../../lib/api';
import { searchKeys } from './keys';

export const searchContent = (q: string, signal?: AbortSignal) => api<SearchResponse>(`/api/search?q=${encodeURIComponent(q)}`, { signal });

/**
 * The results of one query. The request gets react-query's signal, so a query the box has moved past is cancelled (the
 * newer one replaces it in the key); the last results stay on screen while the next arrive.
 */
export const searchQueryOptions = (userId: string | undefined, q: string) =>
  queryOptions({
    queryKey: searchKeys.results(userId, q),
    queryFn: ({ signal }) => searchContent(q, signal),
    enabled: q.trim().length >= SEARCH_MIN_CHARS,
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useSearchContent = (userId: string | undefined, q: string, enabled: boolean) =>
  useQuery({ ...searchQueryOptions(userId, q), enabled: enabled && q.trim().length >= SEARCH_MIN_CHARS });
