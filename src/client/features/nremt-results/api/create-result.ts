import type { NremtResultBody, NremtResultResponse, NremtResultView } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';

/** POST /api/nremt-results */
export const createResult = (body: NremtResultBody): Promise<NremtResultView> =>
  api<NremtResultResponse>('/api/nremt-results', { json: body }).then((r) => r.result);
