import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudiesResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import { adminStandardKeys } from './standards-keys';

/** GET /api/admin/standards: every study with its status and each panelist's progress. */
export const getStudies = (): Promise<StudiesResponse> => api<StudiesResponse>('/api/admin/standards');

export const studiesQueryOptions = () => queryOptions({ queryKey: adminStandardKeys.list(), queryFn: getStudies });

export const useStudies = ({ enabled }: { enabled: boolean }) => useQuery({ ...studiesQueryOptions(), enabled });
