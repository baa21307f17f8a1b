import { audit } from './axe';
import { animationsDone, expect, logIn, makeUser, test } from './fixtures';

test('signed-out screens', { tag: '@desktop' }, async ({ page }) => {
  for (const path of ['/', '/login', '/signup', '/forgot-password', '/newpassword?token_hash=x&type=recovery', '/confirm-email?token=x']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await audit(page, path);
    if (path === '/') await page.evaluate(() => localStorage.setItem('onboardingCompleted', 'true'));
  }
});

test('subscription page', { tag: '@desktop' }, async ({ page }) => {
  await logIn(page, await makeUser());
  await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
  await audit(page, 'subscription');
});

test('subscriber screens', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, await makeUser({ activeDays: 30, role: 'admin', courseLevel: 'Both' }));
  await expect(page).toHaveURL(/\/home$/);
  for (const [path, ready] of [
    ['/home', 'Study'],
    ['/badges', 'Badges'],
    ['/profile', 'Profile'],
    ['/billing', 'Billing'],
    ['/calendar', 'Your Schedule'],
    ['/paramedicflashcards', 'Paramedic Flash Cards'],
    ['/videos', 'Video Training'],
    ['/scenarios', 'Clinical Scenarios'],
    ['/sorting', 'Sorting Questions'],
    // the case dialog may open as the page appears (hiding the header from the accessibility tree)
    ['/draganddrop', 'Drag|Scenario \\d+ of'],
    ['/admin/users', 'User Management'],
    ['/admin/codes', 'Validation Codes'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: new RegExp(ready) }).first()).toBeVisible();
    // audited once the screen has settled: its data loaded, its first card shown, its animations over
    await page.waitForLoadState('networkidle');
    if (path === '/paramedicflashcards') await expect(page.getByLabel('Progress')).toHaveText(/^1 \/ \d+$/);
    await animationsDone(page);
    await audit(page, path);
  }
});
