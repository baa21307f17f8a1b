import { expect, logIn, makeUser, test, queuedWrites } from './fixtures';

// Spaced repetition (docs/product.md §10.5): cards answered in a deck come back in /review on their FSRS schedule. A Wrong card's first learning step is
// 1 minute and a Correct one's 10 minutes — within the 20-minute learn-ahead — so they are due at once, with real server time.
// The student's day ends at their midnight; the browser (whose zone the server records) is put where it is midday now, so a
// 10-minute step never crosses into tomorrow. Etc/GMT-N is UTC+N.
const offset = Math.max(-12, Math.min(14, 12 - new Date().getUTCHours()));
const midday = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;

test.describe('review (spaced repetition)', () => {
  test.use({ timezoneId: midday });
  test('study a few cards, see them due in /review, answer them, reach "All caught up"', async ({ page }) => {
    test.setTimeout(150_000); // a long flow: profile, a deck, home, five answers
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);

    // no new cards today: the queue is only what was studied (the settings section of the profile)
    await page.goto('/profile');
    const perDay = page.getByLabel('New cards per day');
    await expect(perDay).toHaveValue('20');
    await perDay.fill('101');
    await page.getByRole('button', { name: 'Save review settings' }).click();
    await expect(page.getByText('New cards per day must be between 0 and 100')).toBeVisible();
    await perDay.fill('0');
    await page.getByRole('button', { name: 'Save review settings' }).click();
    await expect(page.getByText('Review settings saved.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('profile-review-settings.png'), fullPage: true });

    await page.goto('/emtflashcards');
    const progress = page.getByLabel('Progress');
    await expect(progress).toHaveText(/^1 \/ \d+$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Wrong', exact: true }).click();
    await expect(progress).toHaveText(/^2 \//);
    await page.getByRole('button', { name: 'Correct', exact: true }).click();
    await expect(progress).toHaveText(/^3 \//);
    await page.getByRole('button', { name: 'Wrong', exact: true }).click();
    await expect(progress).toHaveText(/^4 \//);
    await expect.poll(() => queuedWrites(page, 'flashcard_state_queue')).toBe(0);

    await page.goto('/home');
    await page.getByRole('link', { name: /Review \(3\)/ }).click();
    await expect(page).toHaveURL(/\/review$/);
    const figures = page.getByLabel('Your review figures');
    // one set of figures: the three deck answers are done today and their cards are what is left
    const figure = (label: string) => figures.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Left today')).toHaveText('3');
    await expect(figures.getByText('3 due · 0 new')).toBeVisible();
    await expect(figure('Done today')).toHaveText('3');
    await expect(figure('Next 7 days')).toHaveText('0');
    await expect(figures.getByTestId('retention')).toHaveText('Retention over the last 30 days: not measured yet (goal 90 %)');
    await page.screenshot({ path: test.info().outputPath('review-card.png') });

    // flip as in the decks; Correct until nothing is due now (a card failed in the deck takes one more learning step)
    await page.getByRole('button', { name: /Question shown/ }).click();
    await expect(page.getByRole('button', { name: /Answer shown/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hard' })).toHaveCount(0);
    let answers = 0;
    while (answers < 10 && (await page.getByRole('heading', { name: 'All caught up' }).count()) === 0) {
      await page.getByRole('button', { name: 'Correct', exact: true }).click();
      answers++;
      await expect(figure('Done today')).toHaveText(String(3 + answers));
    }
    await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
    // Wrong → Again (1 min) → Correct takes the 10-minute step → Correct graduates: two answers each; the Correct card one
    expect(answers).toBe(5);
    await expect(page.getByText(/Your next review is due (today|tomorrow|.+) at/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('review-caught-up.png'), fullPage: true });

    // the server has every answer, in order: nothing due, 3 + 5 reviews today
    await expect
      .poll(async () => {
        const stats = (await (await page.request.get('/api/review/stats')).json()) as {
          dueToday: number;
          newToday: number;
          reviewsToday: number;
        };
        return [stats.dueToday, stats.newToday, stats.reviewsToday];
      })
      .toEqual([0, 0, 8]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
    await page.goto('/home');
    await expect(page.getByRole('link', { name: /Review \(0\)/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('home-review-button.png') });
  });
});
