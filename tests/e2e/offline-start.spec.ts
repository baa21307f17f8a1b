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
