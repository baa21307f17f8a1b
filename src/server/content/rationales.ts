import type { DragDropContent, SortingContent } from './schemas';

/**
 * The rationales still to write (issue #20 point 9): each drag-and-drop therapy and each sorting
 * item should say why it belongs where it does. They are optional in the schema while the content
 * writers add them; `npm run content:check` reports what is missing, item by item.
 */
export interface RationaleReport {
  dragDrop: { missing: number; total: number; scenariosMissing: string[] };
  sorting: { missing: number; total: number; questionsMissing: string[] };
}

const missing = (text: string | undefined) => !text?.trim();

export function rationaleReport(dragDrop: readonly DragDropContent[], sorting: readonly SortingContent[]): RationaleReport {
  const therapies = dragDrop.flatMap((d) => d.therapies);
  const items = sorting.flatMap((q) => q.items);
  return {
    dragDrop: {
      missing: therapies.filter((t) => missing(t.rationale)).length,
      total: therapies.length,
      scenariosMissing: dragDrop.filter((d) => d.therapies.some((t) => missing(t.rationale))).map((d) => d.key),
    },
    sorting: {
      missing: items.filter((i) => missing(i.rationale)).length,
      total: items.length,
      questionsMissing: sorting.filter((q) => q.items.some((i) => missing(i.rationale))).map((q) => q.key),
    },
  };
}

export function rationaleLines(r: RationaleReport): string[] {
  return [
    `drag-drop therapies: ${r.dragDrop.missing} of ${r.dragDrop.total} without a rationale (${r.dragDrop.scenariosMissing.length} scenarios)`,
    `sorting items:       ${r.sorting.missing} of ${r.sorting.total} without a rationale (${r.sorting.questionsMissing.length} questions)`,
  ];
}
