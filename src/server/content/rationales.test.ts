import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DragDropContent, SortingContent } from './schemas';
import { rationaleReport } from './rationales';

const root = path.resolve(__dirname, '../../..');
const dragDrop = JSON.parse(readFileSync(path.join(root, 'content/drag-drop/scenarios.json'), 'utf8')) as DragDropContent[];
const sorting = JSON.parse(readFileSync(path.join(root, 'content/sorting/questions.json'), 'utf8')) as SortingContent[];

describe('rationales (issue #20 point 9)', () => {
  it('counts the therapies and sorting items without a rationale, and names their scenarios and questions', () => {
    const report = rationaleReport(dragDrop, sorting);
    const therapies = dragDrop.flatMap((d) => d.therapies);
    expect(report.dragDrop.total).toBe(therapies.length);
    expect(report.dragDrop.missing).toBe(therapies.filter((t) => !t.rationale?.trim()).length);
    // the written ones: every therapy of the hypoglycemia case, every item of the burn-depth question
    expect(dragDrop.find((d) => d.key === 'dd-emt-hypoglycemia-oral-glucose')!.therapies.every((t) => t.rationale)).toBe(true);
    expect(report.dragDrop.scenariosMissing).not.toContain('dd-emt-hypoglycemia-oral-glucose');
    expect(sorting.find((q) => q.key === 'sort-burn-depth')!.items.every((i) => i.rationale)).toBe(true);
    expect(report.sorting.questionsMissing).not.toContain('sort-burn-depth');
    expect(report.sorting.missing).toBe(sorting.flatMap((q) => q.items).filter((i) => !i.rationale?.trim()).length);
  });

  it('npm run content:check reports how many are missing and still passes', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/content-check.ts'], { cwd: root, encoding: 'utf8' });
    const report = rationaleReport(dragDrop, sorting);
    expect(out).toContain(`drag-drop therapies: ${report.dragDrop.missing} of ${report.dragDrop.total} without a rationale`);
    expect(out).toContain(`sorting items:       ${report.sorting.missing} of ${report.sorting.total} without a rationale`);
    expect(out).toContain('Content OK');
  });
});
