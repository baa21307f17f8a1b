import type { ReadinessValidationResponse } from '@shared/contracts/readiness';
import { api } from '../../../lib/api';

/** POST /api/admin/readiness/validate: validates every level now and answers the new runs. */
export const runValidation = (): Promise<ReadinessValidationResponse> =>
  api<ReadinessValidationResponse>('/api/admin/readiness/validate', { json: {} });
