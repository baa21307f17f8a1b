import type { NremtResultBody, NremtResultResponse, NremtResultView } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';

/** PUT /api/nremt-results/:id */
export const updateResult = ({ id, body }: { id: string; body: NremtResultBody }): Promise<NremtResultView> =>
  api<NremtResultResponse>(`/api/nremt-results/${encodeURIComponent(id)}`, { method: 'PUT', json: body }).then((r) => r.result);
