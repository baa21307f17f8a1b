import { BASE, expect, logIn, makeUser, mailTo, setStreak, test, queuedWrites } from './fixtures';

test.describe('home, navigation, profile', () => {
  for (const [level, shown, hidden, flagged] of [
    ['Paramedic', ['Paramedic Flash Cards'], ['EMT Flash Cards'], '/paramedicflashcards?filter=flagged'],
    ['EMT', ['EMT Flash Cards'], ['Paramedic Flash Cards'], '/emtflashcards?filter=flagged'],
    ['Both', ['Paramedic Flash Cards', 'EMT Flash Cards'], [], '/emtflashcards?filter=flagged'],
  ] as const) {
    test(`a ${level} student sees the right quick buttons`, async ({ page }) => {
      const user = await makeUser({ activeDays: 30, courseLevel: level });
      await logIn(page, user);
      await expect(page).toHaveURL(/\/home$/);
      for (const label of shown) await expect(page.getByRole('link', { name: label })).toBeVisible();
      for (const label of hidden) await expect(page.getByRole('link', { name: label })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Review Flagged cards/ })).toHaveAttribute('href', flagged);
      for (const label of ['Video Library', 'Clinical Scenarios', 'Drag/Drop Questions', 'Sorting Questions'])
        await expect(page.getByRole('link', { name: new RegExp(label) })).toBeVisible();
      await expect(page.getByText('© 2025')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Recruit' })).toBeVisible();
    });
  }

  test('administrators see User Management and Codes in the menu, students do not', { tag: '@desktop' }, async ({ page, browser }) => {
    const admin = await makeUser({ activeDays: 30, role: 'admin' });
    await logIn(page, admin);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Codes' })).toBeVisible();

    const student = await makeUser({ activeDays: 30 });
    const other = await browser.newPage({ baseURL: BASE });
    await logIn(other, student);
    await other.getByRole('button', { name: 'Open profile menu' }).click();
    for (const item of ['Profile', 'Billing', 'Badges', 'Logout']) await expect(other.getByRole('menuitem', { name: item })).toBeVisible();
    await expect(other.getByRole('menuitem', { name: 'User Management' })).toHaveCount(0);
    await other.close();
  });

  test('the streak rising to 3 celebrates with the next rank', async ({ page }) => {
    const user = await makeUser({ activeDays: 30 });
    await setStreak(user.email, 2, 1);
    await logIn(page, user);
    const dialog = page.getByRole('dialog', { name: 'Rank up!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Probationary Paramedic')).toBeVisible();
    await expect(dialog.getByText('Next rank: Paramedic in 4 days')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep studying' }).click();
    await expect(page.getByTestId('streak-days')).toHaveText('3 days');
    await page.goto('/badges');
    await expect(page.getByText(/^Earned /)).toHaveCount(1);
    await expect(page.getByText('Badges Earned')).toBeVisible();
    // a second visit the same day does not celebrate again
    await page.goto('/home');
    await expect(page.getByTestId('streak-days')).toHaveText('3 days');
    await expect(page.getByRole('dialog', { name: 'Rank up!' })).toHaveCount(0);
  });

  test('the tab bar reaches every tab', async ({ page }) => {
    await logIn(page, await makeUser({ activeDays: 30 }));
    await expect(page).toHaveURL(/\/home$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Calendar' }).click();
    await expect(page.getByRole('heading', { name: 'Your Schedule' })).toBeVisible();
    await expect(page.getByText(/meeting|deadline|call|review/i).first()).toBeVisible();
    await nav.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await nav.getByRole('link', { name: 'Saved' }).click();
    await expect(page).toHaveURL(/\/saved$/);
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('course level: asked once on the first home visit, changeable in the profile, and the menu follows (docs/product.md §10.1)', async ({
    page,
  }) => {
    const user = await makeUser({ activeDays: 30 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    const question = page.getByRole('region', { name: 'Which exam are you preparing for?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'EMT' }).click();
    await expect(question).toHaveCount(0);
    await expect(page.getByRole('link', { name: /EMT Flash Cards/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Paramedic Flash Cards/ })).toHaveCount(0);
    // asked once: the next visit does not ask again
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Study', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Which exam are you preparing for?' })).toHaveCount(0);

    await page.goto('/profile');
    await expect(page.getByText('EMT student')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'EMT' })).toBeChecked();
    await page.getByRole('radio', { name: 'Both' }).check();
    await page.getByRole('button', { name: 'Save Course Level' }).click();
    await expect(page.getByText('Course level set to Both.')).toBeVisible();
    await page.goto('/home');
    await expect(page.getByRole('link', { name: /EMT Flash Cards/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Paramedic Flash Cards/ })).toBeVisible();
  });

  test('a deck outside the course level says so and offers the profile setting, not "Try again" (docs/product.md §10.1)', async ({
    page,
  }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/emtflashcards');
    await expect(page.getByText('The EMT deck is not part of your course level.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Change your course level in your Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('profile: names save, e-mail change needs the password and both addresses to confirm', async ({ page }) => {
    const user = await makeUser({ activeDays: 30 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/profile');
    const update = page.getByRole('button', { name: 'Update Email' });
    await expect(update).toBeDisabled();
    await page.getByLabel('First Name').fill('Avery');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    // the problem is shown on its field, in plain words (decision 036; docs/product.md §10.3)
    await expect(page.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('firstName:', { exact: false })).toHaveCount(0);

    const newEmail = user.email.replace('@', '+new@');
    await page.getByLabel('Email').fill(newEmail);
    await expect(update).toBeEnabled();
    await page.getByLabel('Current password').fill('not-my-password');
    await update.click();
    await expect(page.getByText('Incorrect password.')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Current password').fill(user.password);
    await update.click();
    await expect(page.getByText('Email update initiated! Please check your new email for confirmation.')).toBeVisible();

    // the link to the new address first: the change waits for the current address
    const toNew = await mailTo(newEmail, 'Confirm your new MedicPrep e-mail address');
    await page.goto(toNew.links[0]!);
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page.getByRole('heading', { name: 'One More Step' })).toBeVisible();
    await expect(page.getByText('Now open the link we sent to your current address.', { exact: false })).toBeVisible();

    const toCurrent = await mailTo(user.email, 'Confirm the change of your MedicPrep e-mail address');
    await page.goto(toCurrent.links[0]!);
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page.getByRole('heading', { name: 'E-mail Address Changed' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByLabel('Email')).toHaveValue(newEmail);

    // a used link says so
    await page.goto(toCurrent.links[0]!);
    await page.getByRole('button', { name: 'Confirm Change' }).click();
    await expect(page.getByText('This link is invalid, has expired or was already used.', { exact: false })).toBeVisible();
  });

  test('usage events recorded while offline arrive after a reload', async ({ page, context }) => {
    await logIn(page, await makeUser({ activeDays: 30 }));
    await expect(page).toHaveURL(/\/home$/);
    const count = async () =>
      ((await (await page.request.get('/api/events?featureType=home&actionType=session_start')).json()) as { events: unknown[] }).events
        .length;
    await expect.poll(count).toBe(1);
    // the app's files are on this device once the service worker has installed and controls the page
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const queued = () => queuedWrites(page, 'usage_event_queue');
    await expect.poll(queued).toBeGreaterThan(0);
    await context.setOffline(false);
    await page.reload();
    await expect.poll(count, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  });
});
