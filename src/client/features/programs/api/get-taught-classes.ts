import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InstructorClassesResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { instructorKeys } from './keys';

export const getTaughtClasses = () => api<InstructorClassesResponse>('/api/instructor/classes').then((r) => r.classes);

export const taughtClassesQueryOptions = () => queryOptions({ queryKey: instructorKeys.classes(), queryFn: getTaughtClasses });

/** The classes the instructor teaches (an administrator: every class). */
export const useTaughtClasses = ({ enabled }: { enabled: boolean }) => useQuery({ ...taughtClassesQueryOptions(), enabled });
