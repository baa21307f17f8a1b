import type { Page } from '@playwright/test';
import { answerAnything } from './answer';
import { BASE, expect, logIn, makeUser, seedQuestionSession, test, type SeededItem } from './fixtures';

/** The build list's rows, top to bottom, by their text. */
async function listOrder(page: Page): Promise<string[]> {
  const labels = await page.locator('[data-control="handle"]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.replace(/, position \d+ of \d+$/, ''));
}

/** Answers the item on screen with its keyed answer, or (wrong) with a different one. */
async function answer(page: Page, item: SeededItem, right: boolean) {
  switch (item.type) {
    case 'single': {
      if (right) await page.getByRole('radio', { name: item.correct[0], exact: true }).check();
      else {
        const radios = page.getByRole('radio');
        for (let i = 0; ; i++) {
          const label = await radios.nth(i).evaluate((el) => el.closest('label')?.innerText ?? '');
          if (!label.includes(item.correct[0]!)) {
            await radios.nth(i).check();
            break;
          }
        }
      }
      break;
    }
    case 'multiple':
      for (const text of item.correct) await page.getByRole('checkbox', { name: text, exact: true }).check();
      // the rest are off once the stated number is chosen
      await expect(page.getByRole('checkbox', { disabled: true })).toHaveCount(
        (await page.getByRole('checkbox').count()) - item.correct.length,
      );
      break;
    case 'build_list':
      // Move each step up to its place with its "Move … up" button.
      for (let target = 0; target < item.order.length; target++) {
        const text = item.order[target]!;
        for (let at = (await listOrder(page)).indexOf(text); at > target; at--)
          await page.getByRole('button', { name: `Move ${text} up`, exact: true }).click();
      }
      expect(await listOrder(page)).toEqual(item.order);
      break;
    case 'options_table':
      for (const [text, category] of item.placements)
        await page.getByRole('radiogroup', { name: text, exact: true }).getByText(category, { exact: true }).click();
      break;
    case 'drag_drop':
      for (const [text, category] of item.placements)
        await page.getByRole('button', { name: `Place ${text} in ${category}`, exact: true }).click();
      await expect(page.getByText('All placed. Check the zones, then submit.')).toBeVisible();
      break;
  }
}

test.describe('question practice (docs/product.md §10.4)', () => {
  // ten items answered through the UI, on a shared 2-core machine
  test.describe.configure({ timeout: 180_000 });

  test(
    'a tutor session of 10 items covers all five types: feedback, rationales and the reference after each, then results',
    { tag: '@desktop' },
    async ({ page }) => {
      const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
      const seeded = await seedQuestionSession(user.email, 'EMT', 'tutor');
      expect(seeded.items).toHaveLength(10);
      expect(new Set(seeded.items.map((i) => i.type))).toEqual(new Set(['single', 'multiple', 'build_list', 'options_table', 'drag_drop']));
      await logIn(page, user);
      await expect(page).toHaveURL(/\/home$/);
      await page
        .getByRole('main')
        .getByRole('link', { name: /Question Bank/ })
        .click();
      await expect(page.getByRole('heading', { name: 'Continue your tutor session' })).toBeVisible();
      await page.getByRole('link', { name: 'Continue' }).click();

      const wrongAt = seeded.items.findIndex((i) => i.type === 'single'); // one answer given wrong on purpose
      for (const [i, item] of seeded.items.entries()) {
        await expect(page.getByRole('heading', { name: `Question ${i + 1} of 10` })).toBeVisible();
        await expect(page.getByText(item.stem, { exact: true })).toBeVisible();
        // the item's actions (flag, save, report) never widen the page past the screen
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
        if (item.type !== 'build_list') {
          // nothing chosen yet: Submit says what is missing (a build list always has an order)
          await page.getByRole('button', { name: 'Submit', exact: true }).click();
          await expect(page.getByRole('alert').filter({ hasText: /first|Select|left/ })).toBeVisible();
        }
        await answer(page, item, i !== wrongAt);
        await page.getByRole('button', { name: 'Submit', exact: true }).click();

        const verdict = page.getByRole('heading', { name: i === wrongAt ? 'Incorrect' : 'Correct', exact: true });
        await expect(verdict).toBeVisible();
        await expect(verdict).toBeFocused();
        await expect(page.getByText(/^Reference: .+/)).toBeVisible();
        // every option with its rationale, the keyed answer marked
        const marked = item.type === 'single' || item.type === 'multiple' ? 'Correct answer' : item.type === 'build_list' ? 'Step 1' : null;
        if (marked) await expect(page.getByText(marked, { exact: true }).first()).toBeVisible();
        if (i < 9) {
          await page.getByRole('button', { name: 'Next question' }).click();
          await expect(page.getByRole('heading', { name: `Question ${i + 2} of 10` })).toBeFocused();
        }
      }
      await page.getByRole('button', { name: 'See results' }).click();
      await expect(page.getByRole('heading', { name: '9 of 10 correct' })).toBeVisible();
      await expect(page.getByText(/^Time: /)).toBeVisible();
      await expect(page.getByRole('meter').first()).toBeVisible();
      const review = page.locator('details:has(summary)');
      await expect(review).toHaveCount(10);
      const missed = review.nth(wrongAt);
      await expect(missed.getByRole('img', { name: 'Incorrect' })).toBeVisible();
      await missed.locator('summary').click();
      await expect(missed.getByText('Your answer', { exact: true })).toBeVisible();
      await expect(missed.getByText('Correct answer', { exact: true })).toBeVisible();

      // the history now drives the filters: 10 seen, 1 missed
      await page.getByRole('link', { name: 'New practice session' }).click();
      await expect(page.getByRole('radio', { name: 'Missed 1 question', exact: true })).toHaveCount(1);
    },
  );

  test('a timed quiz started from the setup survives a dropped connection and a reload, then ends with its results', async ({
    page,
    context,
  }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/questions');
    await page.getByText('Timed quiz', { exact: true }).click();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 10' })).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^(10:00|9:\d\d)$/);
    const url = page.url();
    expect(url).toMatch(/\/questions\?session=[0-9a-f-]{36}$/);

    await answerAnything(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 10' })).toBeFocused();

    // offline: the answer is queued and the next item comes at once
    await context.setOffline(true);
    await answerAnything(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Question 3 of 10' })).toBeVisible();
    await expect(page.getByText('2 of 10 answered')).toBeVisible();
    await context.setOffline(false);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Question 3 of 10' })).toBeVisible();
    await expect(page.getByText('2 of 10 answered')).toBeVisible();
    await expect(timer).toHaveText(/^9:\d\d$/);

    await page.getByRole('button', { name: 'End quiz' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End and see results' }).click();
    await expect(page.getByRole('heading', { name: /^\d+ of 10 correct$/ })).toBeVisible();
    // the results start at their top, the score focused for screen readers
    await expect(page.getByRole('heading', { name: /^\d+ of 10 correct$/ })).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // both answers reached the server (the queued one after the reload); the 8 others count wrong
    await expect(page.getByText('(not answered)')).toHaveCount(8);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^\d+ of 10 correct$/ })).toBeVisible();
  });

  test('a flag and a problem report: the report appears in the admin list', async ({ page, browser }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    const seeded = await seedQuestionSession(user.email, 'Paramedic', 'tutor');
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/questions?session=${seeded.sessionId}`);
    await expect(page.getByRole('heading', { name: 'Question 1 of 10' })).toBeVisible();

    const flag = page.getByRole('button', { name: 'Flag', exact: true });
    await flag.click();
    await expect(page.getByRole('button', { name: 'Flagged' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: /^Report/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByText('Typo or formatting').click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Tell us what is wrong with this question.', { exact: true }).last()).toBeVisible();
    const text = `Option wording has a typo (${Date.now()})`;
    await dialog.getByLabel('Details').fill(text);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Thanks — we’ll review this question.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    // the flag counts in the setup's "Flagged" filter
    await page.goto('/questions');
    await expect(page.getByRole('radio', { name: 'Flagged 1 question', exact: true })).toHaveCount(1);

    // an administrator sees it on /admin/content, open, with its item (tests/e2e/admin-content.spec.ts resolves one)
    const admin = await makeUser({ role: 'admin', activeDays: 30 });
    const adminContext = await browser.newContext({ baseURL: BASE });
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, admin);
    await expect(adminPage).toHaveURL(/\/home$/);
    await adminPage.goto('/admin/content');
    const report = adminPage.getByTestId('question-report').filter({ hasText: text });
    await expect(report).toHaveCount(1);
    await expect(report).toContainText(seeded.items[0]!.key);
    await expect(report).toContainText(seeded.items[0]!.stem);
    await expect(report).toContainText('Open');
    await adminContext.close();
  });
});
