import type { ContentLevel, CourseLevel } from './constants';

/** The content levels a course level studies, the student's own first (Both: Paramedic, then EMT). */
export function levelsOf(courseLevel: CourseLevel): ContentLevel[] {
  return courseLevel === 'Both' ? ['Paramedic', 'EMT'] : [courseLevel];
}
