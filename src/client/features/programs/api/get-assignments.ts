import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassAssignmentsResponse } from '@shared/contracts/assignments';
import { api } from '../../../lib/api';
import { instructorKeys } from './keys';

export const getClassAssignments = (classId: string) =>
  api<ClassAssignmentsResponse>(`/api/instructor/classes/${encodeURIComponent(classId)}/assignments`);

export const classAssignmentsQueryOptions = (classId: string) =>
  queryOptions({ queryKey: instructorKeys.assignments(classId), queryFn: () => getClassAssignments(classId) });

/** A class's assignments with each student's progress; read again when the screen comes back into view. */
export const useClassAssignments = (classId: string) => useQuery({ ...classAssignmentsQueryOptions(classId), refetchOnWindowFocus: true });
