import { api } from '../../../lib/api';

/** DELETE /api/nremt-results/:id */
export const deleteResult = (id: string): Promise<void> => api<void>(`/api/nremt-results/${encodeURIComponent(id)}`, { method: 'DELETE' });
