import type { Locator, Page } from '@playwright/test';
import { answerAnything } from './answer';
import { expect, logIn, seedQuestionSession, test } from './fixtures';

// From 1024 px wide the app is laid out for a laptop (docs/decisions/103): a side navigation instead of the bottom tabs, the
// question beside its case or its rationale, results in two columns, and Submit always in view. A phone keeps its tab bar.
const box = async (l: Locator) => (await l.boundingBox())!;
const isLaptop = (page: Page) => page.viewportSize()!.width >= 1024;

/** The action is on the screen without scrolling: inside the viewport's height. */
async function expectInView(page: Page, l: Locator) {
  const b = await box(l);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

test.describe('laptop layout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a side navigation on a laptop, the tab bar on a phone', { tag: '@desktop' }, async ({ loggedInPage: page }) => {
    const side = page.locator('[data-side-nav]');
    const tabs = page.locator('[data-tab-bar]');
    if (isLaptop(page)) {
      await expect(side).toBeVisible();
      await expect(tabs).toBeHidden();
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
      await page.screenshot({ path: test.info().outputPath('home.png') });
      await nav.getByRole('link', { name: 'Question Bank' }).click();
      await expect(page).toHaveURL(/\/questions$/);
      await expect(nav.getByRole('link', { name: 'Question Bank' })).toHaveAttribute('aria-current', 'page');
      // the content starts beside the navigation, not under it
      expect((await box(page.locator('main'))).x).toBeGreaterThanOrEqual((await box(side)).width);
    } else {
      await expect(tabs).toBeVisible();
      await expect(side).toBeHidden();
    }
    await page.screenshot({ path: test.info().outputPath('navigation.png') });
  });

  test(
    'a case item: the question beside the case, Submit in view; then results in two columns',
    { tag: '@desktop' },
    async ({ page, student }) => {
      await seedQuestionSession(student.email, 'EMT', 'tutor', { caseFirst: true, perType: 1 });
      await logIn(page, student, '/questions');
      await page.getByRole('link', { name: 'Continue' }).click();
      await expect(page.getByRole('heading', { name: /^Question 1 of/ })).toBeVisible();
      const caseText = page.getByText(/^Case: /);
      const stem = page.locator('[data-item-columns] p.font-semibold').first();
      const submit = page.getByRole('button', { name: 'Submit', exact: true });
      await expectInView(page, submit);
      if (isLaptop(page)) {
        const [c, s] = [await box(caseText), await box(stem)];
        expect(s.x).toBeGreaterThan(c.x + c.width - 1); // beside, to the right
        expect(s.y).toBeLessThan(c.y + 200); // at the same height, not under it
      }
      await page.screenshot({ path: test.info().outputPath('case-item.png') });

      await answerAnything(page);
      await submit.click();
      const verdict = page.getByRole('heading', { name: /^(Correct|Incorrect)$/ });
      await expect(verdict).toBeVisible();
      await expectInView(page, page.getByRole('button', { name: 'Next question' }));
      await page.getByRole('button', { name: 'End quiz' }).click();
      await page.getByRole('button', { name: 'End and see results' }).click();
      const score = page.getByRole('heading', { name: /^\d+ of \d+ correct$/ });
      await expect(score).toBeVisible();
      const review = page.getByRole('heading', { name: 'Review', exact: true });
      if (isLaptop(page)) {
        const [a, b] = [await box(score), await box(review)];
        expect(b.x).toBeGreaterThan(a.x + a.width - 1); // the items to review beside the score
      } else {
        expect((await box(review)).y).toBeGreaterThan((await box(score)).y);
      }
      await page.screenshot({ path: test.info().outputPath('results.png'), fullPage: true });
    },
  );

  test('an item with no case: the rationale beside the question once answered', { tag: '@desktop' }, async ({ page, student }) => {
    await seedQuestionSession(student.email, 'EMT', 'tutor', { perType: 1 });
    await logIn(page, student, '/questions');
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: /^Question 1 of/ })).toBeVisible();
    await expectInView(page, page.getByRole('button', { name: 'Submit', exact: true }));
    await answerAnything(page);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const verdict = page.getByRole('heading', { name: /^(Correct|Incorrect)$/ });
    await expect(verdict).toBeVisible();
    const stem = page.locator('[data-item-columns] > p').first();
    if (isLaptop(page)) expect((await box(verdict)).x).toBeGreaterThan((await box(stem)).x + (await box(stem)).width - 1);
    else expect((await box(verdict)).y).toBeGreaterThan((await box(stem)).y);
    await page.screenshot({ path: test.info().outputPath('feedback.png') });
  });
});
