import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VideoListResponse } from '@shared/contracts/videos';
import { api } from '../../../lib/api';
import { videoKeys } from './keys';

export const getVideos = (signal?: AbortSignal) => api<VideoListResponse>('/api/videos', { signal });

/** One retry: a failure falls back to the built-in samples (docs/product.md §8). */
export const videosQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: videoKeys.list(userId), queryFn: ({ signal }) => getVideos(signal), retry: 1 });

export const useVideos = (userId: string | undefined) => useQuery(videosQueryOptions(userId));
