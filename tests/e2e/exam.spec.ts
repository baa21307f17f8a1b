import type { Page } from '@playwright/test';
import { audit } from './axe';
import { answerAnything } from './answer';
import { expect, logIn, makeUser, reviewLater, test } from './fixtures';

// The browser tests' server runs a short practice exam (EXAM_TEST_LIMITS in playwright.config.ts: 3–4 scored
// items and 1 pilot, 30 minutes), so a test can sit one to its end.

const question = (page: Page, n: number) => page.getByRole('heading', { name: `Question ${n}`, exact: true });

test.describe('practice exam (docs/product.md §10.6)', () => {
  test.describe.configure({ timeout: 180_000 });

  test(
    'start from home, answer, reload and continue, go offline and back, finish, see the result and the review, then progress',
    { tag: '@desktop' },
    async ({ page, context }) => {
      const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
      await logIn(page, user, '/progress');
      // before any exam: the empty state says how to get a first estimate
      await expect(page.getByText(/No estimate yet. Sit a practice exam/)).toBeVisible();

      await page.goto('/home');
      await page
        .getByRole('main')
        .getByRole('link', { name: /Practice Exam/ })
        .click();
      await expect(page).toHaveURL(/\/exam$/);
      await audit(page, '/exam');
      await page.getByRole('button', { name: 'Start Practice Exam' }).click();
      await expect(question(page, 1)).toBeVisible();
      await audit(page, 'exam question');
      await expect(page.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
      // no feedback during the exam, and Submit wants an answer first (a build list always has one)
      await answerAnything(page);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(question(page, 2)).toBeFocused();
      await expect(page.getByText(/^(Correct|Incorrect)$/)).toHaveCount(0);

      // a reload continues at the same question
      const stem = await page.locator('section[aria-labelledby="question-heading"] p.text-\\[17px\\]').innerText();
      await page.reload();
      await expect(question(page, 2)).toBeVisible();
      await expect(page.getByText(stem, { exact: true })).toBeVisible();

      // a dropped connection: the answer waits with a clear notice, and goes when the connection returns
      await answerAnything(page);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(page.getByText(/You are offline. Your answer is kept/)).toBeVisible();
      await context.setOffline(false);
      await expect(question(page, 3)).toBeVisible({ timeout: 20_000 });

      // answer on until the result
      const result = page.getByRole('heading', { name: /^(Likely to pass|Too close to call|Not yet ready)$/ });
      for (let n = 3; n <= 6 && !(await result.isVisible()); n++) {
        await expect(question(page, n).or(result)).toBeVisible();
        if (await result.isVisible()) break;
        await answerAnything(page);
        await page.getByRole('button', { name: 'Submit', exact: true }).click();
        await expect(question(page, n + 1).or(result)).toBeVisible();
      }
      await expect(result).toBeVisible();
      await expect(page.getByText('Readiness score')).toBeVisible();
      await expect(page.getByText("This is MedicPrep's estimate from your answers, not an NREMT score.")).toBeVisible();
      await expect(page.getByText(/^(Above|Near|Below)$/).first()).toBeVisible();
      await expect(page.getByText('Questions answered')).toBeVisible();
      await audit(page, 'exam result');
      await page.screenshot({ path: test.info().outputPath('exam-result.png'), fullPage: true });

      await page.getByRole('link', { name: 'Review answers' }).click();
      await expect(page.getByRole('heading', { name: /^Scored questions \([34]\)$/ })).toBeVisible();
      await page.locator('details summary').first().click();
      await expect(page.getByText(/^Reference: .+/).first()).toBeVisible();
      // the scored questions answered wrong are in the daily review (decision 078), due the next study day like any missed
      // question (decision 091)
      // a missed question of the exam's own reserve is shown only here (decision 082)
      const missed = await page.getByRole('img', { name: 'Incorrect' }).count();
      const examId = new URL(page.url()).pathname.split('/').pop()!;
      const review = (await (await page.request.get(`/api/exam/${examId}/review`)).json()) as { items: { inReview: boolean }[] };
      const inReview = review.items.filter((i) => i.inReview).length;
      if (missed > 0 && inReview === missed)
        await expect(
          page.getByText(
            missed === 1 ? 'The question you missed is in your daily' : `The ${missed} questions you missed are in your daily`,
          ),
        ).toBeVisible();
      if (missed > inReview)
        await expect(page.getByText(/come[s]? from the exam's own questions and (is|are) shown only here/)).toBeVisible();
      await reviewLater(user.email, 1);
      const stats = (await (await page.request.get('/api/review/stats')).json()) as { dueToday: number };
      expect(stats.dueToday).toBe(inReview);

      await expect(page.getByTestId('review-verdict')).toContainText(/likely between \d+ and \d+/);
      // the plan's "Report your result" links to the report's section, which comes into view once progress has loaded
      await page.goto('/progress#nremt-heading');
      await expect(page.getByRole('heading', { name: 'How did your NREMT exam go?' })).toBeInViewport();
      await expect(page.getByText(/^Latest: \d+, likely between \d+ and \d+$/)).toBeVisible();
      await expect(page.getByText(/^(Likely to pass|Too close to call|Not yet ready)$/)).toBeVisible();
      await expect(page.getByTestId('readiness-chart').locator('canvas')).toBeVisible();
      await audit(page, '/progress');
      await page.screenshot({ path: test.info().outputPath('progress.png'), fullPage: true });
    },
  );
  test('an untimed exam: chosen at the start, no clock, marked untimed in its result; "Retake what I missed" opens a practice set', async ({
    page,
  }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user, '/exam');
    await page.getByText('Untimed', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Untimed/ })).toBeChecked();
    await page.getByRole('button', { name: 'Start Practice Exam' }).click();
    await expect(question(page, 1)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await expect(page.getByText('EMT · Untimed')).toBeVisible();
    const result = page.getByRole('heading', { name: /^(Likely to pass|Too close to call|Not yet ready)$/ });
    for (let n = 1; n <= 6 && !(await result.isVisible()); n++) {
      await answerAnything(page);
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(question(page, n + 1).or(result)).toBeVisible();
    }
    await expect(result).toBeVisible();
    await expect(page.getByText('Time (untimed)')).toBeVisible();
    const examId = new URL(page.url()).pathname.split('/').pop()!;
    const view = (await (await page.request.get(`/api/exam/${examId}`)).json()) as { result: { missedTopics: string[] } };
    const retake = page.getByRole('button', { name: 'Retake what I missed' });
    if (view.result.missedTopics.length === 0) await expect(retake).toHaveCount(0);
    else {
      await expect(page.getByText(view.result.missedTopics[0]!, { exact: false }).first()).toBeVisible();
      await retake.click();
      await expect(page).toHaveURL(/\/questions\?session=/);
      await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
    }
  });
});
