import { asc, inArray } from 'drizzle-orm';
import { CONTENT_LEVELS, type ContentLevel, type CourseLevel } from '../../../shared/constants';
import { groupScenarioRows, type DragDropScenario } from '../../../shared/drag-drop';
import type { Db } from '../../db/client';
import { dragDropScenarios as dd } from '../../db/schema';

/** The content levels a student studies: their own, or both for Both. */
export function studentLevels(level: CourseLevel): ContentLevel[] {
  return level === 'Both' ? [...CONTENT_LEVELS] : [level];
}

/** The scenarios of the given levels, each with its therapies in file order (docs/product.md §7). */
export async function scenariosFor(db: Db, levels: ContentLevel[]): Promise<DragDropScenario[]> {
  const rows = await db
    .select({
      scenarioId: dd.scenarioId,
      scenario: dd.scenario,
      therapyKey: dd.therapyKey,
      therapyName: dd.therapyName,
      indicated: dd.indicated,
      courseLevel: dd.courseLevel,
      reference: dd.reference,
      rationale: dd.rationale,
    })
    .from(dd)
    .where(inArray(dd.courseLevel, levels))
    .orderBy(asc(dd.scenarioId), asc(dd.id));
  return groupScenarioRows(rows.map((r) => ({ ...r, courseLevel: r.courseLevel as ContentLevel })));
}
