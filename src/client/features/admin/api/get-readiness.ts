import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadinessValidationResponse } from '@shared/contracts/readiness';
import { api } from '../../../lib/api';
import { adminReadinessKeys } from './readiness-keys';

/** GET /api/admin/readiness: per level, the reported results and the latest validation run. */
export const getReadiness = (): Promise<ReadinessValidationResponse> => api<ReadinessValidationResponse>('/api/admin/readiness');

export const readinessQueryOptions = () => queryOptions({ queryKey: adminReadinessKeys.overview(), queryFn: getReadiness });

export const useReadiness = ({ enabled }: { enabled: boolean }) => useQuery({ ...readinessQueryOptions(), enabled });
