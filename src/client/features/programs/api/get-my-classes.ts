import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyClassesResponse } from '@shared/contracts/programs';
import { api } from '../../../lib/api';
import { classKeys } from './keys';

export const getMyClasses = () => api<MyClassesResponse>('/api/classes').then((r) => r.classes);

export const myClassesQueryOptions = () => queryOptions({ queryKey: classKeys.mine(), queryFn: getMyClasses });

/** The classes the student is in now (the profile's section). */
export const useMyClasses = () => useQuery(myClassesQueryOptions());
