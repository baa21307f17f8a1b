import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemStats } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { adminContentKeys } from './keys';

/** Every question item's statistics: responses, p-value, difficulty, flags. */
export const getItemStats = () => api<{ items: ItemStats[] }>('/api/admin/content/stats');

export const itemStatsQueryOptions = () => queryOptions({ queryKey: adminContentKeys.stats(), queryFn: getItemStats, retry: 1 });

export const useItemStats = () => useQuery(itemStatsQueryOptions());
