import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { animationsDone, expect } from './fixtures';

/** axe-core on the screen as it has settled: no serious or critical violation (WCAG 2.1 A and AA). */
export async function audit(page: Page, name: string) {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    `accessibility of ${name}`,
  ).toEqual([]);
}
