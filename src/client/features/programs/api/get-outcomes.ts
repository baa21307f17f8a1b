import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassOutcomesResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { instructorKeys } from './keys';

export const getClassOutcomes = (classId: string) =>
  api<ClassOutcomesResponse>(`/api/instructor/classes/${encodeURIComponent(classId)}/outcomes`);

export const classOutcomesQueryOptions = (classId: string) =>
  queryOptions({ queryKey: instructorKeys.outcomes(classId), queryFn: () => getClassOutcomes(classId) });

/** The class's NREMT outcomes and pass rates (decision 112). */
export const useClassOutcomes = (classId: string) => useQuery(classOutcomesQueryOptions(classId));
