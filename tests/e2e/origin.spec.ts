import { chromiumArgs, E2E_PORT } from '../../playwright.config';
import { CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { expect, makeUser, test } from './fixtures';

/** Opens the login screen at `base` (its own origin, so onboarding is marked done there) and logs in. */
async function logInAt(page: import('@playwright/test').Page, base: string, user: { email: string; password: string }) {
  await page.goto(`${base}/login`);
  await page.evaluate(() => localStorage.setItem('onboardingCompleted', 'true'));
  await page.goto(`${base}/login`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

// medicprep.test resolves to this machine: a name the server does not trust.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...chromiumArgs, '--host-resolver-rules=MAP medicprep.test 127.0.0.1'],
  },
});

test.describe('the address the app is opened at', () => {
  test('signs in at http://127.0.0.1 as well as at localhost', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, firstName: 'Loopback' });
    await logInAt(page, `http://127.0.0.1:${E2E_PORT}`, user);
    // never signed in before: "Welcome", not "Welcome back" (decision 045)
    await expect(page.getByRole('heading', { name: 'Welcome, Loopback!' })).toBeVisible();
  });

  test.describe('at a name the server does not trust', () => {
    test('says which address to open', async ({ page }) => {
      const user = await makeUser({ activeDays: 30 });
      await logInAt(page, `http://medicprep.test:${E2E_PORT}`, user);
      await expect(page.getByText(`Open MedicPrep at http://localhost:${E2E_PORT} to sign in.`)).toBeVisible();
    });
  });
});
