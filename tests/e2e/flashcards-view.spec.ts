import { expect, logIn, makeUser, test, queuedWrites } from './fixtures';

// The result of Unflag Correct does not move the buttons; a rhythm strip has a
// prompt and can be zoomed without flipping the card.

test('the Unflag Correct message overlays the screen: the answer buttons stay where they were', { tag: '@desktop' }, async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'Paramedic' }));
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/paramedicflashcards');
  await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  await page.getByRole('button', { name: 'Flag', exact: true }).click();
  await expect(page.getByLabel('Score')).toContainText('⚑ 2');
  // both flags have reached the server (the queue on this device is empty) before the flagged deck is read
  await expect.poll(() => queuedWrites(page, 'flashcard_state_queue')).toBe(0);

  await page.goto('/paramedicflashcards?filter=flagged');
  const progress = page.getByLabel('Progress');
  await expect(progress).toHaveText('1 / 2', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  const unflag = page.getByRole('button', { name: 'Unflag Correct' });
  const before = (await unflag.boundingBox())!;
  await unflag.click();
  const message = page.getByText('Unflagged 1 correctly answered cards.');
  await expect(message).toBeVisible();
  await expect(progress).toHaveText('1 / 1');
  await expect(message).toBeVisible();
  const after = (await unflag.boundingBox())!;
  expect(after.y).toBe(before.y);
  // the message is on screen, above the tab bar (a laptop has a side navigation instead) and clear of the buttons
  const box = (await message.boundingBox())!;
  const tabBar = await page.locator('[data-tab-bar]').boundingBox();
  expect(box.y + box.height).toBeLessThanOrEqual(tabBar?.y ?? page.viewportSize()!.height);
  expect(box.y).toBeGreaterThanOrEqual(0);
});

test(
  'a rhythm strip says what to do and opens full width in a zoom dialog without flipping the card',
  { tag: '@desktop' },
  async ({ page }) => {
    await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'Paramedic' }));
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/paramedicflashcards');
    const category = page.getByLabel('Category');
    await expect(category).toBeEnabled({ timeout: 15_000 });
    await category.selectOption('EKG (4-lead)');
    const progress = page.getByLabel('Progress');
    await expect(progress).toHaveText(/^1 \/ \d+$/);
    const strip = page.getByAltText(/Rhythm strip/).first();
    // the deck is shuffled: move on until a card with a strip is in front
    for (let i = 0; i < 40 && !(await strip.isVisible()); i++) {
      const at = await progress.textContent();
      await page.getByRole('button', { name: 'Next card' }).click();
      await expect(progress).not.toHaveText(at!);
    }
    await expect(strip).toBeVisible();
    await expect(page.getByText('Identify this rhythm')).toBeVisible();

    await page.getByRole('button', { name: 'Zoom the rhythm strip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Identify this rhythm' });
    await expect(dialog).toBeVisible();
    const big = dialog.getByAltText(/Rhythm strip/);
    await expect(big).toBeVisible();
    const viewport = page.viewportSize()!;
    const size = (await big.boundingBox())!;
    // wider than the card's strip: at least 90% of the screen (phone) or 700 px (desktop)
    expect(size.width).toBeGreaterThanOrEqual(Math.min(viewport.width * 0.9, 700));
    // the card was not flipped by the zoom control
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /Question shown/ })).toBeVisible();
  },
);
