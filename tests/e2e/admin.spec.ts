import { BASE, expect, logIn, mailTo, makeUser, test, deleteAfterTest } from './fixtures';

test.describe('administration', { tag: '@desktop' }, () => {
  test('manage a user from creation to deletion', async ({ page }) => {
    const admin = await makeUser({ role: 'admin', activeDays: 30 });
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'User Management' }).click();
    await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();

    const last = `Zyzzyva${Date.now().toString(36)}`;
    const email = `${last.toLowerCase()}@example.com`;
    deleteAfterTest(email);
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('First name').fill('Quinn');
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('12345');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
    await dialog.getByLabel('Password').fill('123456');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully!')).toBeVisible();

    await page.getByLabel('Search users').fill(last.toUpperCase());
    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: new RegExp(`Quinn ${last}`) }).click();
    await card.getByRole('button', { name: 'Make Admin' }).click();
    await page.getByRole('dialog', { name: 'Make this user an administrator?' }).getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Role updated to admin')).toBeVisible();
    await card.getByRole('button', { name: 'Make User' }).click();
    await expect(page.getByText('Role updated to user')).toBeVisible();

    await card.getByRole('button', { name: 'Analytics' }).click();
    const analytics = page.getByRole('dialog', { name: 'Usage analytics' });
    await expect(analytics.getByText('No activity')).toBeVisible();
    await expect(analytics.getByText('Total sessions')).toBeVisible();
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page.getByText('Password reset email sent!')).toBeVisible();
    await mailTo(email, 'Reset your MedicPrep password');

    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this user?' }).getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('User deleted successfully!')).toBeVisible();
    await expect(page.getByText('No users found matching your filters.')).toBeVisible();

    // every change above is in the audit trail, newest first, with who, whom, when and from where
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
    await page.getByLabel('Search by e-mail, code or address').fill(email);
    const entries = page.getByTestId('audit-entry');
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0)).toContainText('User deleted');
    await expect(entries.nth(1)).toContainText('Password reset e-mail sent');
    await expect(entries.nth(2)).toContainText('Role changed');
    await expect(entries.nth(4)).toContainText('User created');
    for (let i = 0; i < 5; i++) {
      await expect(entries.nth(i)).toContainText(admin.email);
      await expect(entries.nth(i)).toContainText(email);
    }
    const promoted = entries.nth(3);
    await expect(promoted.getByRole('row', { name: /Role/ })).toContainText('user');
    await expect(promoted.getByRole('row', { name: /Role/ })).toContainText('admin');
    await page.getByLabel('Action').selectOption({ label: 'User created' });
    await expect(entries).toHaveCount(1);
    await page.getByLabel('Search by e-mail, code or address').fill(`${email}-nobody`);
    await expect(page.getByText('No recorded changes match your filters.')).toBeVisible();
  });

  test('from the user card: course level, access days, a confirmed Make Admin, and a device not signed in yet (docs/product.md §10.1 and §6)', async ({
    page,
    browser,
  }) => {
    const admin = await makeUser({ role: 'admin', activeDays: 30 });
    // made by the operator's CLI: Paramedic, no access, never signed in
    const student = await makeUser({ firstName: `Emt${Date.now().toString(36)}` });
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(student.email);
    const card = page.getByRole('listitem').filter({ hasText: student.email });
    await card.getByRole('button', { name: new RegExp(student.firstName) }).click();
    await expect(card.getByRole('definition').filter({ hasText: 'Not signed in yet' })).toBeVisible();

    await card.getByLabel('Course level').selectOption('EMT');
    await card.getByRole('button', { name: 'Save Level' }).click();
    await expect(page.getByText('Course level updated to EMT')).toBeVisible();

    await card.getByLabel('Days of access').fill('0');
    await card.getByRole('button', { name: 'Grant Access' }).click();
    await expect(card.getByLabel('Days of access')).toHaveAccessibleDescription('Grant at least 1 day');
    await card.getByLabel('Days of access').fill('30');
    await card.getByRole('button', { name: 'Grant Access' }).click();
    await expect(page.getByText(/^Access granted: 30 days, until /)).toBeVisible();
    await expect(card).toContainText('Active · until');

    // promoting asks first; keeping the role changes nothing
    await card.getByRole('button', { name: 'Make Admin' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make this user an administrator?' });
    await expect(confirm).toContainText(student.email);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(card.getByText('user', { exact: true })).toBeVisible();

    // the student now studies the EMT deck
    const studentPage = await browser.newPage({ baseURL: BASE });
    await logIn(studentPage, student);
    await expect(studentPage).toHaveURL(/\/home$/);
    const summary = await studentPage.evaluate(async () => (await fetch('/api/flashcards/summary?deck=emt')).status);
    expect(summary).toBe(200);
    await studentPage.close();

    // …and the card now names the device they signed in on
    await page.reload();
    await page.getByLabel('Search users').fill(student.email);
    await card.getByRole('button', { name: new RegExp(student.firstName) }).click();
    await expect(card.getByText('Not signed in yet')).toHaveCount(0);
    await expect(card.getByText(/^desktop-|^mobile-|^tablet-/)).toBeVisible();
  });

  test('the audit trail is for administrators only', async ({ page }) => {
    const student = await makeUser({ activeDays: 30 });
    await logIn(page, student);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a deactivated code is refused to a student', async ({ page, browser }) => {
    const admin = await makeUser({ role: 'admin', activeDays: 30 });
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/admin/codes');
    await expect(page.getByRole('heading', { name: 'Validation Codes' })).toBeVisible();
    const code = `SEVEN${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('button', { name: 'New Code' }).click();
    let dialog = page.getByRole('dialog', { name: 'New validation code' });
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog.getByText('Name and code are required')).toBeVisible();
    await dialog.getByLabel('Name').fill('One week trial');
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await expect(dialog.getByLabel('Code')).toHaveValue(code);
    await dialog.getByLabel('Unit').selectOption('months');
    await dialog.getByLabel('Duration').fill('20');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(dialog.getByText('Duration can be at most 12 months')).toBeVisible();
    await dialog.getByLabel('Unit').selectOption('days');
    await expect(dialog.getByLabel('Duration')).toHaveValue('14');
    await dialog.getByLabel('Duration').fill('7');
    await dialog.getByLabel('Usage limit').fill('2');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await expect(page.getByText('Coupon code created successfully!')).toBeVisible();

    const card = page.getByRole('listitem').filter({ hasText: code });
    await expect(card).toContainText('7 days');
    await expect(card).toContainText('0 / 2');
    await card.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit validation code' });
    await dialog.getByLabel('Name').fill('One week trial (edited)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Coupon code updated successfully!')).toBeVisible();
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Coupon code deactivated!')).toBeVisible();
    await expect(card).toContainText('Inactive');

    const studentPage = await browser.newPage({ baseURL: BASE });
    await logIn(studentPage, await makeUser());
    await studentPage.getByRole('textbox', { name: 'Validation code' }).fill(code);
    await studentPage.getByRole('button', { name: 'Apply' }).click();
    await expect(studentPage.getByText('This code is no longer active')).toBeVisible();
    await studentPage.close();
  });

  test('students are sent home from the admin screens', async ({ page }) => {
    await logIn(page, await makeUser({ activeDays: 30 }));
    await expect(page).toHaveURL(/\/home$/);
    for (const path of ['/admin/users', '/admin/codes']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    }
  });
});
