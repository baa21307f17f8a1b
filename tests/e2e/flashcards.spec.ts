import { BASE, expect, logIn, makeUser, test, queuedWrites } from './fixtures';

test.describe('flashcards', () => {
  test('study a category, flag two cards, review flagged, unflag the one marked correct', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: /Paramedic Flash Cards/ }).click();
    await expect(page.getByRole('heading', { name: 'Paramedic Flash Cards' })).toBeVisible();
    await expect(page.getByText('Shuffling your deck…')).toBeVisible();

    const category = page.getByLabel('Category');
    await expect(category).toBeEnabled({ timeout: 10_000 });
    await category.selectOption('Trauma');
    const progress = page.getByLabel('Progress');
    await expect(progress).toHaveText(/^1 \/ \d+$/);
    const total = Number((await progress.textContent())!.split('/')[1]);
    expect(total).toBeGreaterThan(20);

    // flip, then answer: the view moves on and the card shows its front again
    await page.getByRole('button', { name: 'Flip' }).click();
    await expect(page.getByRole('button', { name: /Answer shown/ })).toBeVisible();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(progress).toHaveText(`2 / ${total}`);
    await expect(page.getByRole('button', { name: /Question shown/ })).toBeVisible();
    await page.getByRole('button', { name: 'Wrong', exact: true }).click();
    await expect(progress).toHaveText(`3 / ${total}`);
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(progress).toHaveText(`4 / ${total}`);
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    await expect(progress).toHaveText(`5 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(progress).toHaveText(`4 / ${total}`);
    await expect(page.getByLabel('Score')).toContainText('⚑ 2');

    // Review Flagged: the dropdown is disabled, Unflag Correct replaces Flag
    await expect.poll(() => queuedWrites(page, 'flashcard_state_queue')).toBe(0);
    await page.goto('/paramedicflashcards?filter=flagged');
    await expect(page.getByRole('heading', { name: /Review Flagged/ })).toBeVisible();
    await expect(page.getByLabel('Progress')).toHaveText('1 / 2');
    await expect(page.getByLabel('Category')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Flag', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Unflag Correct' }).click();
    await expect(page.getByText('No flagged cards marked as correct to unflag.')).toBeVisible();
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await page.getByRole('button', { name: 'Unflag Correct' }).click();
    await expect(page.getByText('Unflagged 1 correctly answered cards.')).toBeVisible();
    await expect(page.getByLabel('Progress')).toHaveText('1 / 1');

    // home follows: three cards answered, 2 correct of 3
    await page.goto('/home');
    await expect(page.getByText('Cards Studied').locator('..')).toContainText('3');
    await expect(page.getByText('Accuracy').locator('..')).toContainText('67%');
  });

  test('an answer given offline is kept and sent when the connection returns', async ({ page, context }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/emtflashcards');
    await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 10_000 });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Flag', exact: true }).click();
    // the answer waits in this device's queue (the send fails offline)
    const queuedAnswers = () => queuedWrites(page, 'flashcard_state_queue');
    await expect.poll(queuedAnswers).toBeGreaterThan(0);
    await page.reload().catch(() => undefined);
    await context.setOffline(false);
    // Chromium's offline error page reloads by itself once the network returns: open the flagged deck
    // again if that reload cuts this navigation short
    await expect(async () => {
      await page.goto('/emtflashcards?filter=flagged');
    }).toPass();
    await expect(page.getByLabel('Progress')).toHaveText('1 / 1', { timeout: 15_000 });
  });

  test('an EMT-only student cannot load Paramedic cards from the API', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    const res = await page.request.get('/api/flashcards/page?deck=paramedic', { headers: { origin: BASE } });
    expect(res.status()).toBe(403);
    await page.goto('/paramedicflashcards');
    // the screen says why, and where to change it (docs/product.md §10.1)
    await expect(page.getByText('The Paramedic deck is not part of your course level.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('link', { name: 'Change your course level in your Profile' })).toBeVisible();
  });
});
