import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingStudyResponse } from '@shared/contracts/standard-setting';
import { api } from '../../../lib/api';
import { panelStudyPath, standardSettingKeys } from './keys';

/** GET /api/standard-setting/studies/:id: the items to rate, the caller's ratings, and in round 2 the panel's. */
export const getRatingStudy = (id: string): Promise<RatingStudyResponse> => api<RatingStudyResponse>(panelStudyPath(id));

export const ratingStudyQueryOptions = (id: string) =>
  queryOptions({ queryKey: standardSettingKeys.study(id), queryFn: () => getRatingStudy(id), staleTime: Infinity });

export const useRatingStudy = (id: string, { enabled }: { enabled: boolean }) => useQuery({ ...ratingStudyQueryOptions(id), enabled });
