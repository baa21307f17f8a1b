import { answerAnything } from './answer';
import { expect, logIn, makeUser, test } from './fixtures';

// Decision 060: after one online visit, the app opens with no connection (service worker shell,
// the last known session), says it is offline, studies the deck it saved, and sends the answers
// given offline when the connection returns.

interface Summary {
  categories: { correct: number; wrong: number }[];
}

test('the app opens offline to home and a saved deck; an answer given offline reaches the server', async ({ page, context }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'Paramedic' }));
  await expect(page).toHaveURL(/\/home$/);
  // the service worker controls the page (it precaches the shell and every screen's code)
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/paramedicflashcards');
  await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/home');
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Loading', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: /Paramedic Flash Cards/ }).click();
  await expect(page.getByRole('heading', { name: 'Paramedic Flash Cards' })).toBeVisible();
  await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 15_000 });
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Correct', exact: true }).click();
  await expect(page.getByLabel('Progress')).toHaveText(/^2 \/ \d+$/);

  // a reload offline opens the deck again, the answer still queued
  await page.reload();
  await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/, { timeout: 15_000 });
  await expect(banner).toBeVisible();

  await context.setOffline(false);
  await expect(banner).toBeHidden({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/flashcards/summary?deck=paramedic');
        const body = (await res.json()) as Summary;
        return body.categories.reduce((n, c) => n + c.correct, 0);
      },
      { timeout: 20_000 },
    )
    .toBe(1);
});

test('a timed quiz and a practice exam in progress resume after a reload without a connection', async ({ page, context }) => {
  test.setTimeout(120_000);
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  await logIn(page, user);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.goto('/questions');
  await page.getByText('Timed quiz', { exact: true }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 10' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await answerAnything(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 10' })).toBeVisible();

  // offline: answer one more, reload, and the quiz is where it was, its timer running, both answers shown as given
  await context.setOffline(true);
  await answerAnything(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Question 3 of 10' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 3 of 10' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('2 of 10 answered')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^9:\d\d$/);
  await context.setOffline(false);
  // the answer given offline reaches the server once the connection returns
  const sessionId = new URL(page.url()).searchParams.get('session')!;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/questions/sessions/${sessionId}`);
        return Object.keys(((await res.json()) as { session: { answers: object } }).session.answers).length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);

  // the practice exam: a reload offline shows the question in progress; the answer goes when the connection returns
  await page.goto('/exam');
  await page.getByRole('button', { name: 'Start Practice Exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1', exact: true })).toBeVisible();
  const stem = await page.locator('section[aria-labelledby="question-heading"] p.text-\\[17px\\]').innerText();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Question 1', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(stem, { exact: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^\d+:\d\d$/);
  await answerAnything(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText(/You are offline. Your answer is kept/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Question 2', exact: true })).toBeVisible({ timeout: 20_000 });
});

test('a screen that could not load offline loads by itself when the connection returns, and has Try again', async ({ page, context }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'EMT' }));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto('/progress');
  const notice = page.getByText('Your progress could not be loaded: you are offline. It loads by itself when the connection returns.');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/No estimate yet. Sit a practice exam/)).toBeVisible();
});
