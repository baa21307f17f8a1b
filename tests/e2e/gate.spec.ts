import { completeOnboarding, expect, holdRoute, logIn, makeUser, test } from './fixtures';

test.describe('route gate (docs/product.md §2)', () => {
  test('1. shows "Loading" while authentication state loads', async ({ page }) => {
    const session = await holdRoute(page, '**/api/account/session');
    await page.goto('/login');
    await expect(page.getByText('Loading', { exact: true })).toBeVisible();
    session.release();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });

  test('3. signed out: / is onboarding, other paths go to / or /login', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome to MedicPrep' })).toBeVisible();
    for (const path of ['/login', '/signup', '/forgot-password']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
    await completeOnboarding(page);
    for (const path of ['/', '/home', '/billing', '/admin/users', '/nowhere']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('4 and 6. "Checking subscription..." then the subscription page on every path', async ({ page }) => {
    const user = await makeUser();
    // The first verify answer comes with the session; the check then asks the payment provider (sync).
    const check = await holdRoute(page, '**/api/subscription/*');
    await logIn(page, user);
    await expect(page.getByText('Checking subscription...')).toBeVisible();
    check.release();
    await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    for (const path of ['/home', '/billing', '/flashcards', '/nowhere', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    }
  });

  test('5. an active subscriber reaches /home and unknown paths redirect there', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, firstName: 'Casey' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(/Good (morning|afternoon|evening), Casey/)).toBeVisible();
    for (const path of ['/nowhere', '/login', '/signup']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('logout from the subscription page signs out and clears local storage', async ({ page }) => {
    const user = await makeUser();
    await logIn(page, user);
    await page.evaluate(() => localStorage.setItem('user_profile_cache', '{"x":1}'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user_profile_cache'))).toBeNull();
    const session = await (await page.request.get('/api/auth/get-session')).json();
    expect(session).toBeNull();
  });
});
