import type { VideoListResponse } from '@shared/contracts/videos';
import { api } from '../../lib/api';

export const videosApi = {
  list: (signal?: AbortSignal) => api<VideoListResponse>('/api/videos', { signal }),
};
