import type { CourseLevel } from './constants';
import { videoLevelsFor } from './videos';

/** The home carousel's cards (docs/product.md §10.1, the specification's "carousel of 6"). */
export const CAROUSEL_CARDS = 6;

/**
 * The cards a student is offered (decision 107), in the file's order: those of their course level and those for everyone
 * (`Both`), never another level's course; a Both student gets the first six of all of them.
 */
export function carouselFor<R extends { course_level: CourseLevel }>(courseLevel: CourseLevel, resources: readonly R[]): R[] {
  const levels = videoLevelsFor(courseLevel);
  return resources.filter((r) => levels.includes(r.course_level)).slice(0, CAROUSEL_CARDS);
}
