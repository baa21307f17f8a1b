import { z } from 'zod';
import { COURSE_LEVELS } from '../constants';

// The video library API's contract (decision 035).

/** One video (docs/product.md §3, videos). */
export const video = z.strictObject({
  id: z.number().int(),
  /** the video's content key: what a bookmark names (decision 102) */
  key: z.string(),
  title: z.string(),
  category: z.string(),
  /** running time as m:ss */
  duration: z.string(),
  videoUrl: z.string(),
  thumbnailUrl: z.string(),
  courseLevel: z.enum(COURSE_LEVELS),
  description: z.string().nullable().optional(),
});
export type Video = z.infer<typeof video>;

/** GET /api/videos: the library for the caller's course level. */
export const videoListResponse = z.strictObject({ courseLevel: z.enum(COURSE_LEVELS), videos: z.array(video) });
export type VideoListResponse = z.infer<typeof videoListResponse>;
