import { asc, inArray } from 'drizzle-orm';
import type { CourseLevel } from '../../../shared/constants';
import { videoLevelsFor, type Video } from '../../../shared/videos';
import type { ServiceDeps } from '../../deps';
import { videos } from '../../db/schema';

/** The videos a student may watch, ordered by id (docs/product.md §7): Both videos and those of their level. */
export async function listVideos({ db }: ServiceDeps, courseLevel: CourseLevel): Promise<{ courseLevel: CourseLevel; videos: Video[] }> {
  const rows = await db
    .select({
      id: videos.id,
      key: videos.key,
      title: videos.title,
      category: videos.category,
      duration: videos.duration,
      videoUrl: videos.videoUrl,
      thumbnailUrl: videos.thumbnailUrl,
      courseLevel: videos.courseLevel,
      description: videos.description,
    })
    .from(videos)
    .where(inArray(videos.courseLevel, videoLevelsFor(courseLevel)))
    .orderBy(asc(videos.id));
  return { courseLevel, videos: rows.map((r) => ({ ...r, courseLevel: r.courseLevel as CourseLevel })) };
}
