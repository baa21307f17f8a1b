import type { CourseLevel } from '@shared/constants';
import type { Video } from '@shared/videos';
import { api } from '../../lib/api';

export interface VideoList {
  course_level: CourseLevel;
  videos: Video[];
}

export const videosApi = {
  list: (signal?: AbortSignal) => api<VideoList>('/api/videos', { signal }),
};
