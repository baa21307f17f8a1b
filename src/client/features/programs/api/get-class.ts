import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassDetailResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { instructorKeys } from './keys';

export const getClass = (id: string) => api<ClassDetailResponse>(`/api/instructor/classes/${encodeURIComponent(id)}`);

export const classQueryOptions = (id: string) => queryOptions({ queryKey: instructorKeys.detail(id), queryFn: () => getClass(id) });

/** One class and its students now; read again when the screen comes back into view (a student may have left). */
export const useClass = (id: string | null) =>
  useQuery({ ...classQueryOptions(id ?? ''), enabled: id !== null, refetchOnWindowFocus: true });
