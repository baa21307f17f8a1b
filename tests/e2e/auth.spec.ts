import { BASE, completeOnboarding, expect, logIn, logInWithForm, mailTo, makeUser, test, deleteAfterTest } from './fixtures';

test.describe('authentication', () => {
  test('sign up, confirm the e-mail from the outbox, log in and reach the subscription page', { tag: '@desktop' }, async ({ page }) => {
    const email = `signup-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    deleteAfterTest(email);
    await completeOnboarding(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Reyes');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret12');
    await page.getByLabel('Confirm password').fill('secret13');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match!').first()).toBeVisible();

    await page.getByLabel('Confirm password').fill('secret12');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Account Created!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

    // Not confirmed yet: the notice of docs/product.md §8.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Email Confirmation Required')).toBeVisible();

    const mail = await mailTo(email, 'Confirm your MedicPrep e-mail address');
    await page.goto(mail.links[0]!);
    await expect(page).toHaveURL(/\/login\?verified=1/);
    await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();

    // Decision 045: the confirmed address is filled in, and the first login greets "Welcome", not "Welcome back".
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill('secret12');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Jordan!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByText('Monthly Subscription')).toBeVisible();
  });

  test('shows the server message for a wrong password and requires both fields', async ({ page }) => {
    const user = await makeUser();
    await completeOnboarding(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await logInWithForm(page, { ...user, password: 'not-my-password' });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
  });

  test('forgot password → reset link → new password → log in', async ({ page }) => {
    const user = await makeUser();
    await completeOnboarding(page);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Email Sent!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

    const mail = await mailTo(user.email, 'Reset your MedicPrep password');
    expect(mail.links[0]).toMatch(/\/newpassword\?token_hash=.+&type=recovery$/);
    await page.goto(mail.links[0]!);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
    await page.getByLabel('Confirm new password').fill('fresh-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match!')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();

    await logInWithForm(page, { email: user.email, password: 'fresh-pass-1' });
    await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
  });

  test('a reset link of the wrong type or with a bad token is refused', async ({ page }) => {
    await page.goto('/newpassword?token_hash=whatever&type=signup');
    await expect(page.getByText('Invalid or expired password reset link. Please request a new one.')).toBeVisible();
    await page.goto('/newpassword#token_hash=not-a-token&type=recovery');
    await expect(page.getByText('Invalid or expired password reset link. Please request a new one.')).toBeVisible();
  });

  test('a signed-in user who opens a reset link is held on /newpassword until done', async ({ page }) => {
    const user = await makeUser({ activeDays: 30 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    // as the app's own page would send it: with its origin (Better Auth checks it for a signed-in caller)
    await page.request.post('/api/auth/request-password-reset', {
      data: { email: user.email, redirectTo: '/newpassword' },
      headers: { origin: BASE },
    });
    const mail = await mailTo(user.email, 'Reset your MedicPrep password');
    await page.goto(mail.links[0]!);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('password_reset_flow'))).toBeTruthy();

    for (const path of ['/home', '/profile', '/nowhere']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/newpassword$/);
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    }
    await page.getByLabel('New password', { exact: true }).fill('after-reset-1');
    await page.getByLabel('Confirm new password').fill('after-reset-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('password_reset_flow'))).toBeNull();
  });

  test('a session that ends while open returns the user to /login with a message', async ({ page, context }) => {
    const user = await makeUser({ activeDays: 30 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await context.clearCookies();
    await page.evaluate(() => fetch('/api/account/me')); // any call now answers 401
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });
});
