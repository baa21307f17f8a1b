import type { NremtResultListResponse, NremtResultView } from '@shared/contracts/nremt-results';
import { api } from '../../../lib/api';

/** GET /api/nremt-results: the student's own reports, newest sitting first. */
export const listResults = (): Promise<NremtResultView[]> => api<NremtResultListResponse>('/api/nremt-results').then((r) => r.results);
