import type { ReadinessValidationResponse } from '@shared/contracts/readiness';
import { api } from '../../../lib/api';

/** GET /api/admin/readiness: per level, the reported results and the latest validation run. */
export const getReadiness = (): Promise<ReadinessValidationResponse> => api<ReadinessValidationResponse>('/api/admin/readiness');
