import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemStatsQuery, ItemStatsResponse } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { adminContentKeys } from './keys';

/** A page of item statistics (responses, percent correct, point-biserial, time, review flag) under a filter, sorted on the server. */
export const getItemStats = (query: ItemStatsQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query) as [string, string | number | undefined][])
    if (v !== undefined && v !== '') params.set(k, `${v}`);
  return api<ItemStatsResponse>(`/api/admin/content/stats?${params.toString()}`);
};

export const itemStatsQueryOptions = (query: ItemStatsQuery) =>
  queryOptions({
    queryKey: adminContentKeys.stats(query),
    queryFn: () => getItemStats(query),
    retry: 1,
    placeholderData: keepPreviousData,
  });

export const useItemStats = (query: ItemStatsQuery) => useQuery(itemStatsQueryOptions(query));
