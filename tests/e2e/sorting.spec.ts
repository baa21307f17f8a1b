import type { Page } from '@playwright/test';
import type { SortingQuestion } from '../../src/shared/sorting';
import { expect, logIn, makeUser, test, queuedWrites } from './fixtures';

const EMT_QUESTIONS = 8;

async function bank(page: Page): Promise<SortingQuestion[]> {
  return ((await (await page.request.get('/api/sorting/questions')).json()) as { questions: SortingQuestion[] }).questions;
}

async function shownQuestion(page: Page, questions: SortingQuestion[]) {
  const text = await page.locator('#sorting-question').textContent();
  const q = questions.find((x) => x.questionText === text);
  expect(q, `question "${text}"`).toBeTruthy();
  return q!;
}

/** Events still waiting in the tracker's queue on this device. */
const queued = (page: Page) => queuedWrites(page, 'usage_event_queue');

const completions = async (page: Page) =>
  (
    (await (await page.request.get('/api/events?featureType=sorting&actionType=question_complete')).json()) as {
      events: { featureId: string; score: number; totalItems: number; completionPercentage: number }[];
    }
  ).events;

test.describe('sorting', () => {
  test(
    'answer a question: Submit waits for every item, results lock the inputs, next question; progress survives a reload',
    { tag: '@desktop' },
    async ({ page }) => {
      const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
      await logIn(page, user);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole('link', { name: /Sorting Questions/ }).click();
      await expect(page).toHaveURL(/\/sorting$/);
      const progress = page.getByTestId('sorting-progress');
      await expect(progress).toHaveText(`0 done · ${EMT_QUESTIONS} remaining`);

      const questions = await bank(page);
      const q = await shownQuestion(page, questions);
      const submit = page.getByRole('button', { name: 'Submit Answer' });
      const items = page.locator('[data-item]');
      await expect(items).toHaveCount(q.items.length);
      for (const item of q.items) {
        await expect(submit).toBeDisabled();
        await page
          .locator(`[data-item="${item.itemKey}"]`)
          .getByRole('radio', { name: `${item.medication}: ${item.correctAnswer}` })
          .check();
      }
      await expect(submit).toBeEnabled();
      await submit.click();

      await expect(page.getByRole('heading', { name: 'Correct: full credit' })).toBeVisible();
      await expect(page.getByText(`${q.items.length} of ${q.items.length} items sorted correctly.`)).toBeVisible();
      await expect(progress).toHaveText(`1 done · ${EMT_QUESTIONS - 1} remaining`);
      await expect(items.first().getByRole('radio').first()).toBeDisabled();
      await expect(submit).toHaveCount(0);

      await page.getByRole('button', { name: 'Next Question' }).click();
      await expect(page.locator('#sorting-question')).not.toHaveText(q.questionText);
      await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
      await expect(page.getByText(/Question 2 of/)).toBeVisible();

      // the completion is on the server with its score
      await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);
      expect(await completions(page)).toMatchObject([
        { featureId: String(q.questionId), score: q.items.length, totalItems: q.items.length, completionPercentage: 100 },
      ]);

      await page.reload();
      await expect(progress).toHaveText(`1 done · ${EMT_QUESTIONS - 1} remaining`);
      // …and read back from the server when this device has no copy: the completed one comes last
      await page.evaluate(() => localStorage.removeItem('completedSortingQuestions'));
      await page.reload();
      await expect(progress).toHaveText(`1 done · ${EMT_QUESTIONS - 1} remaining`);
      await expect(page.locator('#sorting-question')).not.toHaveText(q.questionText);
    },
  );

  test('the info popup, an all-or-nothing miss, and Complete on the last question goes home', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    const [only] = await bank(page);
    await page.route('**/api/sorting/questions', (route) =>
      route.fulfill({ json: { courseLevel: 'Paramedic', databaseEmpty: false, questions: [only] } }),
    );
    await page.goto('/sorting');
    await expect(page.getByTestId('sorting-progress')).toHaveText(/^\d done · \d remaining$/);

    await page.getByRole('button', { name: 'About sorting questions' }).click();
    const info = page.getByRole('dialog', { name: 'About Sorting Questions' });
    await expect(info).toContainText('This question style was added to the national exams in 2024 and 2025.');
    await expect(info).toContainText('All parts must be right for credit');
    await info.getByRole('button', { name: 'Got it' }).click();
    await expect(info).toBeHidden();

    // every item right except one: no credit, and the right answer is shown
    const q = only!;
    for (const [i, item] of q.items.entries()) {
      const wrong = q.categories.find((c) => c !== item.correctAnswer)!;
      await page.getByRole('radio', { name: `${item.medication}: ${i === 0 ? wrong : item.correctAnswer}` }).check();
    }
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(page.getByRole('heading', { name: 'Incorrect: no credit' })).toBeVisible();
    await expect(
      page.getByText(`${q.items.length - 1} of ${q.items.length} items sorted correctly. All parts must be right for credit.`),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next Question' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('no questions for the level shows the empty state; a failed load uses the six samples', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.route('**/api/sorting/questions', (route) =>
      route.fulfill({ json: { courseLevel: 'EMT', databaseEmpty: false, questions: [] } }),
    );
    await page.goto('/sorting');
    await expect(page.getByRole('heading', { name: 'No Questions Available' })).toBeVisible();
    await expect(page.getByText('There are currently no sorting questions available for your course level.')).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.unroute('**/api/sorting/questions');
    await page.route('**/api/sorting/questions', (route) => route.abort());
    await page.goto('/sorting');
    await expect(page.getByText('The question bank could not be loaded, so these are sample questions.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('sorting-progress')).toHaveText('0 done · 6 remaining');
  });

  test('a question completed offline is recorded once when the connection returns', async ({ page, context }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/sorting');
    const progress = page.getByTestId('sorting-progress');
    await expect(progress).toHaveText(`0 done · ${EMT_QUESTIONS} remaining`);
    await expect.poll(() => queued(page), { timeout: 15_000 }).toBe(0);

    await context.setOffline(true);
    const items = page.locator('[data-item]');
    for (let i = 0; i < (await items.count()); i++) await items.nth(i).getByRole('radio').first().check();
    // the tracker tries to send, fails offline, and keeps the event queued
    const sendFailed = page.waitForEvent('requestfailed', { predicate: (r) => r.url().endsWith('/api/events') });
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await expect(progress).toHaveText(`1 done · ${EMT_QUESTIONS - 1} remaining`);
    await sendFailed;
    expect(await queued(page)).toBeGreaterThan(0);

    await context.setOffline(false);
    await expect.poll(() => queued(page), { timeout: 20_000 }).toBe(0);
    await page.reload();
    await expect(progress).toHaveText(`1 done · ${EMT_QUESTIONS - 1} remaining`);
    expect(await completions(page)).toHaveLength(1);
  });
});
