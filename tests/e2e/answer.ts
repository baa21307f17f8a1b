import type { Page } from '@playwright/test';

/** Answers whatever item is on screen (its type found from its control); right or wrong does not matter. */
export async function answerAnything(page: Page) {
  const legend = await page.locator('section[aria-labelledby="question-heading"] legend').first().innerText();
  if (legend.startsWith('Choose one answer')) await page.getByRole('radio').first().check();
  else if (legend.startsWith('Select')) {
    const n = legend.startsWith('Select two') ? 2 : 3;
    for (let i = 0; i < n; i++) await page.getByRole('checkbox', { checked: false, disabled: false }).first().check();
  } else if (legend.startsWith('Choose one column')) {
    const rows = page.getByRole('radiogroup');
    for (let i = 0; i < (await rows.count()); i++) await rows.nth(i).locator('label').first().click();
  } else if (legend.startsWith('Place every item')) {
    const place = page.getByRole('region', { name: 'Items to place' }).getByRole('button', { name: /^Place / });
    while ((await place.count()) > 0) await place.first().click();
  } // a build list is answered as shown
}
