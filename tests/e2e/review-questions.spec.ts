import { audit } from './axe';
import { BASE, expect, logIn, makeUser, queuedWrites, reviewLater, seedQuestionSession, test } from './fixtures';

// Decisions 078, 079 and 091: a question missed in practice comes back in /review the next study day (a question has no
// same-day step): a day is made to pass with a test-only route that moves the student's cards and logs a day back. The
// browser is put where it is midday now, so nothing crosses the student's 4 am. Etc/GMT-N is UTC+N.
const offset = Math.max(-12, Math.min(14, 12 - new Date().getUTCHours()));
const midday = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;

test.describe('review: questions (spaced repetition)', () => {
  test.use({ timezoneId: midday });
  test('a question missed in practice is due in /review, answered there as in practice, then "All caught up"', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    const seeded = await seedQuestionSession(user.email, 'EMT', 'tutor');
    const item = seeded.items[0]!;
    expect(item.type).toBe('single');
    if (item.type !== 'single') return;
    const keyed = item.correct[0]!;
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    // no new flashcards today: the queue is only what was answered
    const settings = await page.request.put('/api/review/settings', {
      headers: { origin: BASE },
      data: { desiredRetention: 0.9, newPerDay: 0, levels: [], categories: [], showHardEasy: false },
    });
    expect(settings.status()).toBe(200);

    // practice: the first question answered wrong
    await page.goto(`/questions?session=${seeded.sessionId}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 10' })).toBeVisible();
    const radios = page.getByRole('radio');
    for (let i = 0; ; i++) {
      const label = await radios.nth(i).evaluate((el) => el.closest('label')?.innerText ?? '');
      if (!label.includes(keyed)) {
        await radios.nth(i).check();
        break;
      }
    }
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Incorrect', exact: true })).toBeVisible();
    await expect.poll(() => queuedWrites(page, 'question_answer_queue')).toBe(0);

    // not today: the next day, home counts it and /review shows it with the practice controls
    const sameDay = (await (await page.request.get('/api/review/stats')).json()) as { dueToday: number };
    expect(sameDay.dueToday).toBe(0);
    await reviewLater(user.email, 1);
    await page.goto('/home');
    await page.getByRole('link', { name: /Review \(1\)/ }).click();
    await expect(page).toHaveURL(/\/review$/);
    const figures = page.getByLabel('Your review figures');
    const figure = (label: string) => figures.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Left today')).toHaveText('1');
    await expect(figures.getByText('1 due · 0 new')).toBeVisible();
    await expect(figure('Done today')).toHaveText('0');
    await expect(page.getByRole('heading', { name: 'Question to review' })).toBeVisible();
    await expect(page.getByText(item.stem, { exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('review-question-phone.png'), fullPage: true });
    await audit(page, 'a question on /review');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('review-question-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // nothing chosen: Submit says so
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose an answer first.' })).toBeVisible();

    // answered right while offline: saved, checked when the connection returns, with its rationales and reference
    await context.setOffline(true);
    await page.getByRole('radio', { name: keyed, exact: true }).check();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { name: /^Answer saved\. Checking it/ })).toBeFocused();
    await expect(figure('Done today')).toHaveText('1');
    await context.setOffline(false);
    const verdict = page.getByRole('heading', { name: 'Correct', exact: true });
    await expect(verdict).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Correct answer', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Reference: .+/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('review-question-feedback-phone.png'), fullPage: true });
    await audit(page, 'the feedback on /review');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('review-question-feedback-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // right: FSRS's interval, no same-day step — it does not come back today
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
    await expect(page.getByText(/Your next review is due (today|tomorrow|.+) at/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('review-question-caught-up.png'), fullPage: true });

    // the server has the answer once: nothing due, 1 review today (the practice answer was the day before)
    await expect.poll(() => queuedWrites(page, 'review_answer_queue')).toBe(0);
    const stats = (await (await page.request.get('/api/review/stats')).json()) as { dueToday: number; reviewsToday: number };
    expect([stats.dueToday, stats.reviewsToday]).toEqual([0, 1]);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
  });
});
