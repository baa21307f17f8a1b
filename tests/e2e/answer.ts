import type { Page } from '@playwright/test';

/**
 * Answers whatever item is on screen (its type found from its control); right or wrong does not matter. The control is
 * read again until the legend and the controls agree: just after "Next question" the legend can still be the last item's.
 */
export async function answerAnything(page: Page) {
  const section = page.locator('section[aria-labelledby="question-heading"]');
  for (let tries = 0; ; tries++) {
    const legend = await section.locator('legend').first().innerText();
    const kind = legend.startsWith('Choose one answer')
      ? 'radio'
      : legend.startsWith('Select')
        ? 'checkbox'
        : legend.startsWith('Choose one column')
          ? 'radiogroup'
          : legend.startsWith('Place every item')
            ? 'zones'
            : 'list';
    const ready =
      kind === 'radio'
        ? (await section.getByRole('radio').count()) > 0 && (await section.getByRole('radiogroup').count()) <= 1
        : kind === 'checkbox'
          ? (await section.getByRole('checkbox').count()) > 0
          : kind === 'radiogroup'
            ? (await section.getByRole('radiogroup').count()) > 0
            : true;
    if (!ready && tries < 20) {
      await page.waitForTimeout(150);
      continue;
    }
    if (kind === 'radio') await section.getByRole('radio').first().check();
    else if (kind === 'checkbox') {
      const n = legend.startsWith('Select two') ? 2 : 3;
      for (let i = 0; i < n; i++) await section.getByRole('checkbox', { checked: false, disabled: false }).first().check();
    } else if (kind === 'radiogroup') {
      const rows = section.getByRole('radiogroup');
      for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).locator('label').first().click();
    } else if (kind === 'zones') {
      const place = page.getByRole('region', { name: 'Items to place' }).getByRole('button', { name: /^Place / });
      while ((await place.count()) > 0) await place.first().click();
    } // a build list is answered as shown
    return;
  }
}
