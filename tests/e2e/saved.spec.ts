import { expect, logIn, makeUser, seedQuestionSession, test } from './fixtures';

// Saved (decision 102): the star beside the flag keeps an item on /saved, for this student on every device; a star tapped
// offline waits in the outbox and reaches the server once the connection returns.

test('save a question from practice, then practise the saved questions from /saved', async ({ page }) => {
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  const seeded = await seedQuestionSession(user.email, 'EMT', 'tutor');
  await logIn(page, user, `/questions?session=${seeded.sessionId}`);
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible({ timeout: 15_000 });
  const star = page.getByRole('button', { name: 'Save this question' });
  await star.click();
  await expect(page.getByRole('button', { name: 'Saved: this question' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => ((await (await page.request.get('/api/saved')).json()) as { counts: { question: number } }).counts.question, {
      timeout: 15_000,
    })
    .toBe(1);

  // the quiz's sticky Submit bar covers the tab bar on a phone: the Saved tab by its address
  await page.goto('/saved');
  const byKind = page.getByRole('navigation', { name: 'Saved by kind' });
  await expect(byKind.getByRole('link', { name: /1\s*Questions/ })).toBeVisible();
  await expect(byKind.getByRole('link', { name: /0\s*Flashcards/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Questions/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/saved-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/saved-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole('button', { name: 'Practice saved questions' }).click();
  await expect(page).toHaveURL(/\/questions\?session=/);
  await expect(page.getByRole('heading', { name: 'Question 1 of 1' })).toBeVisible({ timeout: 15_000 });
  // the saved question keeps its star in the practice of the saved questions
  await expect(page.getByRole('button', { name: 'Saved: this question' })).toBeVisible();
});

test('a card saved offline is saved on the server once back online, and shows on a second device', async ({ page, context, browser }) => {
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  await logIn(page, user, '/flashcards');
  await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 15_000 });

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save this card' }).click();
  await expect(page.getByRole('button', { name: 'Saved: this card' })).toHaveAttribute('aria-pressed', 'true');
  // the write waits on this device
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('saved_queue:') && localStorage[k] !== '[]').length),
    )
    .toBe(1);

  await context.setOffline(false);
  await expect
    .poll(async () => ((await (await page.request.get('/api/saved')).json()) as { counts: { flashcard: number } }).counts.flashcard, {
      timeout: 30_000,
    })
    .toBe(1);

  // the second device: a new browser context, signed in as the same student
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const second = await other.newPage();
    await logIn(second, user, '/saved');
    const byKind = second.getByRole('navigation', { name: 'Saved by kind' });
    await expect(byKind.getByRole('link', { name: /1\s*Flashcards/ })).toBeVisible({ timeout: 15_000 });
    await second.getByRole('link', { name: 'Study saved flashcards' }).click();
    await expect(second.getByRole('heading', { name: 'Saved · Flash Cards' })).toBeVisible();
    await expect(second.getByLabel('Progress')).toHaveText('1 / 1', { timeout: 15_000 });
    await expect(second.getByRole('button', { name: 'Saved: this card' })).toBeVisible();
    await second.goto('/saved');
    await expect(byKind).toBeVisible();
    await second.screenshot({ path: 'test-results/saved-card-phone.png', fullPage: true });
  } finally {
    await other.close();
  }
});
