import { expect, test } from './fixtures';

test.describe('onboarding', () => {
  test('walks a visitor through the three steps to /login', { tag: '@desktop' }, async ({ page, isMobile }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to MedicPrep' })).toBeVisible();
    await page.getByRole('button', { name: 'Get Started' }).click();

    if (isMobile) {
      await expect(page.getByRole('heading', { name: 'Add MedicPrep to your home screen' })).toBeVisible();
      const done = page.getByRole('button', { name: 'Done' });
      await expect(done).toBeDisabled();
      await page.getByText('I completed both steps above').click();
      await expect(done).toBeEnabled();
      await done.click();
    } else {
      await expect(page.getByRole('img', { name: /QR code for http:\/\/localhost/ })).toBeVisible();
      await page.getByRole('button', { name: 'Continue on Desktop' }).click();
    }

    await expect(page.getByRole('heading', { name: 'All Set' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Learning' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');

    // Once completed, / sends a visitor straight to /login.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('starts at "All Set" inside the installed app', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone') ? { ...original(q), matches: true, media: q } : original(q);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All Set' })).toBeVisible();
  });

  test('ships a web app manifest and a service worker', async ({ page, request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'MedicPrep', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await page.goto('/');
    await expect.poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(true);
  });
});
