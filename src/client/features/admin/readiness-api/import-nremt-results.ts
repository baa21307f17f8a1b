import type { NremtImportBody, NremtImportResponse } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';

/** POST /api/admin/nremt-results/import: a dry run reports every row; a real run writes all of them or none. */
export const importNremtResults = (body: NremtImportBody): Promise<NremtImportResponse> =>
  api<NremtImportResponse>('/api/admin/nremt-results/import', { json: body });
