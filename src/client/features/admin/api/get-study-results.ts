import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StudyResultsResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import { adminStandardKeys, studyPath } from './standards-keys';

/** GET /api/admin/standards/:id/results: the cut with its SE per round, the impact, the spread per item. */
export const getStudyResults = (id: string): Promise<StudyResultsResponse> => api<StudyResultsResponse>(`${studyPath(id)}/results`);

export const studyResultsQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminStandardKeys.results(id), queryFn: () => getStudyResults(id) });

export const useStudyResults = (id: string | null) => useQuery({ ...studyResultsQueryOptions(id ?? ''), enabled: id !== null });
