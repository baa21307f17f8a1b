import type { AdminNremtListResponse } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';

/** GET /api/admin/nremt-results?level=&page= */
export const listNremtResults = (level: string, page: number): Promise<AdminNremtListResponse> =>
  api<AdminNremtListResponse>(`/api/admin/nremt-results?${new URLSearchParams({ level, page: String(page) })}`);
