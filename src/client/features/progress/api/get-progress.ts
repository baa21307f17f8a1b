import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentLevel } from '@shared/constants';
import type { ProgressResponse } from '@shared/contracts/progress';
import { api } from '../../../lib/api';
import { progressKeys } from './keys';

export const getProgress = (level: ContentLevel | null) =>
  api<ProgressResponse>(`/api/progress${level ? `?level=${encodeURIComponent(level)}` : ''}`);

export const progressQueryOptions = (level: ContentLevel | null) =>
  queryOptions({ queryKey: progressKeys.detail(level), queryFn: () => getProgress(level) });

export const useProgress = (level: ContentLevel | null) => useQuery(progressQueryOptions(level));
