import { answerAnything } from './answer';
import { expect, logIn, makeUser, seedQuestionSession, test } from './fixtures';

// A student's study as the screens count it: the parts right of a technology-enhanced answer (docs/product.md §10.4), then
// home's figures with the questions in them and the log-in streak named for what it counts, then /review's one set of
// figures (§10.5) — at phone size and, tagged, at desktop size.
test.describe('study figures and partial feedback', () => {
  test.describe.configure({ timeout: 150_000 });

  test(
    'a drag-and-drop answer one zone off says "N-1 of N placed correctly"; home counts the questions',
    { tag: '@desktop' },
    async ({ page }, info) => {
      const size = info.project.name;
      const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
      const seeded = await seedQuestionSession(user.email, 'EMT', 'tutor');
      await logIn(page, user);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText('Log-in streak')).toBeVisible();
      await expect(page.getByText('Days in a row you opened MedicPrep')).toBeVisible();
      await page.goto('/questions');
      await page.getByRole('link', { name: 'Continue' }).click();

      const at = seeded.items.findIndex((i) => i.type === 'drag_drop');
      const target = seeded.items[at]!;
      if (target.type !== 'drag_drop') throw new Error('no drag and drop item seeded');
      for (let i = 0; i < at; i++) {
        await expect(page.getByRole('heading', { name: `Question ${i + 1} of 10` })).toBeVisible();
        await answerAnything(page);
        await page.getByRole('button', { name: 'Submit', exact: true }).click();
        await expect(page.getByRole('heading', { name: /^(Correct|Incorrect)$/ })).toBeVisible();
        await page.getByRole('button', { name: 'Next question' }).click();
      }
      await expect(page.getByRole('heading', { name: `Question ${at + 1} of 10` })).toBeVisible();
      // every item in its zone but the first, put in another
      const zones = [...new Set(target.placements.map(([, c]) => c))];
      for (const [n, [text, zone]] of target.placements.entries()) {
        const put = n === 0 ? zones.find((z) => z !== zone)! : zone;
        await page.getByRole('button', { name: `Place ${text} in ${put}`, exact: true }).click();
      }
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Incorrect', exact: true })).toBeVisible();
      const total = target.placements.length;
      await expect(page.getByTestId('parts-right')).toContainText(`${total - 1} of ${total} placed correctly`);
      await expect(page.getByTestId('parts-right')).toContainText('Scored as incorrect');
      await page.getByTestId('parts-right').scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`questions-partial-${size}.png`) });

      await page.goto('/home');
      const study = page.getByLabel('Your study');
      const figure = (label: string) => study.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
      await expect(figure('Questions Answered')).toHaveText(String(at + 1));
      await expect(figure('Cards Studied')).toHaveText('0');
      await page.screenshot({ path: info.outputPath(`home-${size}.png`), fullPage: true });

      await page.goto('/review');
      const figures = page.getByLabel('Your review figures');
      const reviewFigure = (label: string) => figures.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
      // the tutor answers scheduled their questions for later days: nothing left today, every answer done today
      await expect(reviewFigure('Done today')).toHaveText(String(at + 1));
      await expect(reviewFigure('Left today')).toHaveText(/^\d+$/);
      await expect(figures.getByTestId('retention')).toHaveText('Retention over the last 30 days: not measured yet (goal 90 %)');
      await page.screenshot({ path: info.outputPath(`review-${size}.png`), fullPage: true });
    },
  );
});
