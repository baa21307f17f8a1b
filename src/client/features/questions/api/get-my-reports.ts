import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyItemReports } from '@shared/contracts/questions';
import { api } from '../../../lib/api';
import { questionKeys } from './keys';

export const getMyReports = (itemKey: string) => api<MyItemReports>(`/api/questions/reports/${encodeURIComponent(itemKey)}`);

export const myReportsQuery = (itemKey: string) =>
  queryOptions({ queryKey: questionKeys.reports(itemKey), queryFn: () => getMyReports(itemKey), staleTime: 60_000 });

/** The student's own reports on an item with MedicPrep's answers; read only once the item is answered (`enabled`). */
export const useMyReports = (itemKey: string, enabled: boolean) => useQuery({ ...myReportsQuery(itemKey), enabled });
