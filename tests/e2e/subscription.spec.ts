import type { APIRequestContext } from '@playwright/test';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

/** An administrator's API session, to create codes as the admin screen would. */
async function adminRequest(request: APIRequestContext) {
  const admin = await makeUser({ role: 'admin', activeDays: 30 });
  const res = await request.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: { origin: BASE },
  });
  expect(res.ok()).toBe(true);
  return request;
}

async function payWithCard(page: import('@playwright/test').Page, number: string) {
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to MedicPrep' });
  await expect(dialog.getByText('Test mode')).toBeVisible();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry').fill('12' + String((new Date().getFullYear() + 2) % 100));
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $19.99' }).click();
  return dialog;
}

test.describe('subscription', () => {
  test('an invalid code is refused, a valid one opens /home after a second', async ({ page, playwright }) => {
    const api = await adminRequest(await playwright.request.newContext({ baseURL: BASE }));
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    expect(
      (
        await api.post('/api/admin/codes', { data: { name: 'E2E', code, duration: 7, durationType: 'days' }, headers: { origin: BASE } })
      ).status(),
    ).toBe(201);

    const user = await makeUser();
    await logIn(page, user);
    await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Please enter a validation code')).toBeVisible();
    await page.getByRole('textbox', { name: 'Validation code' }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    // docs/product.md §8: the code's error is under the code box, described by it — not at the top on the navy header.
    const box = page.getByRole('textbox', { name: 'Validation code' });
    await expect(box).toHaveAccessibleDescription('Invalid validation code');
    const error = page.getByText('Invalid validation code');
    const [boxRect, errorRect] = [await box.boundingBox(), await error.boundingBox()];
    expect(errorRect!.y).toBeGreaterThan(boxRect!.y + boxRect!.height - 1);

    await page.getByRole('textbox', { name: 'Validation code' }).fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Validation code applied!')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
    await expect(page.getByText(/Good (morning|afternoon|evening), Riley/)).toBeVisible();
  });

  test(
    'a declined card shows its message; 4242 activates; billing shows Active and Renews on; cancel keeps access',
    { tag: '@desktop' },
    async ({ page }) => {
      const user = await makeUser();
      await logIn(page, user);
      await expect(page.getByTestId('course-level-promise')).toContainText('Paramedic');
      await expect(page.getByText('The Paramedic flashcard decks')).toBeVisible();
      const dialog = await payWithCard(page, '4000 0000 0000 0002');
      // A 2-digit CVC is refused, and the note says so.
      await expect(dialog.getByText('any future date and any 3 digits')).toBeVisible();
      await expect(dialog.getByText('Your card was declined.')).toBeVisible();
      await dialog.getByLabel('Card number').fill('4000 0000 0000 9995');
      await dialog.getByRole('button', { name: 'Pay $19.99' }).click();
      await expect(dialog.getByText('Your card has insufficient funds.')).toBeVisible();
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByRole('button', { name: 'Pay $19.99' }).click();
      await expect(page.getByText('Payment successful!')).toBeVisible();
      await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });

      await page.goto('/billing');
      await expect(page.getByRole('heading', { name: 'Subscription Status' })).toBeVisible();
      await expect(page.getByText('Active', { exact: true })).toBeVisible();
      await expect(page.getByText('Renews on')).toBeVisible();
      await expect(page.getByText('Card subscription')).toBeVisible();
      await expect(page.getByText('Monthly Subscription')).toBeVisible();
      await expect(page.getByText('$19.99/month')).toBeVisible();

      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await confirm.getByRole('button', { name: 'Cancel Subscription' }).click();
      await expect(page.getByText(/Subscription canceled successfully\. You will have access until .+\./)).toBeVisible();
      await expect(page.getByText(/Your subscription is canceled and will not renew\. Your access lasts until/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toHaveCount(0);
      // docs/product.md §2 (Billing): after a cancel it no longer says "Renews on".
      await expect(page.getByText('Renews on')).toHaveCount(0);
      await expect(page.getByText('Access until', { exact: true })).toBeVisible();

      // docs/product.md §10.2: Resume undoes the cancellation here, without the paywall.
      await page.getByRole('button', { name: 'Resume subscription' }).click();
      await expect(page.getByText(/Your subscription will renew on .+\./)).toBeVisible();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(page.getByText('Renews on')).toBeVisible();
      await expect(page.getByText(/will not renew/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();
    },
  );

  test('"Check Again" activates after a payment recorded by the provider', async ({ page }) => {
    const user = await makeUser();
    await logIn(page, user);
    await expect(page.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
    await page.getByRole('button', { name: 'Check Again' }).click();
    await expect(page.getByText('We could not find an active subscription for this account yet.')).toBeVisible();

    // The payment goes through outside this screen (another tab or device).
    const intent = await (await page.request.post('/api/subscription/payment-intent', { data: {}, headers: { origin: BASE } })).json();
    const paid = await page.request.post('/api/subscription/sandbox/confirm', {
      data: {
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
      },
      headers: { origin: BASE },
    });
    expect(paid.ok()).toBe(true);

    await page.getByRole('button', { name: 'Check Again' }).click();
    await expect(page.getByText('Your subscription is active.')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/, { timeout: 5000 });
  });

  test('access granted by an administrator shows one truth on billing: its source and "Access until"', async ({ page }) => {
    const user = await makeUser({ activeDays: 10 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/billing');
    await expect(page.getByText('Granted by an administrator')).toBeVisible();
    await expect(page.getByText('Access until', { exact: true })).toBeVisible();
    // docs/product.md §10.2: never "Renews on", a price, and "You do not have an active subscription." together.
    await expect(page.getByText('Renews on')).toHaveCount(0);
    await expect(page.getByText('$19.99/month')).toHaveCount(0);
    await expect(page.getByText('You do not have an active subscription.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See the card subscription' })).toBeVisible();
  });
});
