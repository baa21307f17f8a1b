import type { Page } from '@playwright/test';
import { auditKeyboard } from './focus-audit';
import { expect, logIn, makeUser, test } from './fixtures';

/**
 * Accessibility: every interactive element on every main screen is reached by Tab and shows a visible
 * focus ring; dialogs keep focus inside and show it too; the menu is worked with the arrow keys.
 */

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first();

/** Focuses `name` by pressing Tab (never by clicking) and returns once it has focus. */
async function tabTo(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  const target = page.getByRole(role, { name }).first();
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return target;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

async function signInMember(page: Page, opts: Parameters<typeof makeUser>[0] = {}) {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'Both', ...opts }));
  await expect(page).toHaveURL(/\/home$/);
}

test('signed-out screens', { tag: '@desktop-only' }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button').first()).toBeVisible();
  await auditKeyboard(page, 'onboarding');
  await page.evaluate(() => localStorage.setItem('onboardingCompleted', 'true'));
  for (const [path, ready] of [
    ['/login', 'Log in'],
    ['/signup', /Create/],
    ['/forgot-password', 'Reset your password'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, ready)).toBeVisible();
    await auditKeyboard(page, path);
  }
});

test('subscription screen and its payment dialog', { tag: '@desktop-only' }, async ({ page }) => {
  await logIn(page, await makeUser());
  await expect(heading(page, 'Unlock MedicPrep')).toBeVisible();
  await auditKeyboard(page, '/subscription');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const subscribe = await tabTo(page, /Subscribe/);
  await subscribe.press('Enter');
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Pay/ })).toBeEnabled();
  await auditKeyboard(page, 'payment dialog', { dialog: true });
});

test('home, its profile menu, badges, billing, profile, calendar and progress', { tag: '@desktop-only' }, async ({ page }) => {
  await signInMember(page);
  await expect(page.getByRole('link', { name: /Paramedic Flash Cards/ })).toBeVisible();
  await auditKeyboard(page, '/home');

  // the profile menu: opened with Enter, worked with the arrow keys, Tab does not escape it
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const trigger = await tabTo(page, 'Open profile menu');
  await trigger.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const items = await menu.getByRole('menuitem').allTextContents();
  expect(items).toEqual(['Profile', 'Billing', 'Badges', 'Progress', 'Logout']);
  for (const [i, name] of items.entries()) {
    if (i > 0) await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name })).toBeFocused();
    await expectVisibleFocus(page, `menu item ${name}`);
  }
  await page.keyboard.press('Tab');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
  await expectVisibleFocus(page, 'menu button after Escape');

  for (const [path, ready] of [
    ['/badges', 'Badges'],
    ['/billing', 'Billing'],
    ['/profile', 'Profile'],
    ['/calendar', 'Your Schedule'],
    ['/progress', 'Progress'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page, ready)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await auditKeyboard(page, path);
  }
});

/** The focused element passes the same test as in the Tab walk. */
async function expectVisibleFocus(page: Page, what: string) {
  const f = await page.evaluate(() => window.__kb.inspect());
  expect(f.kind === 'element' ? f.problem : `nothing focused`, what).toBeNull();
}

test('flashcards and videos: menus and players', { tag: '@desktop-only' }, async ({ page }) => {
  await signInMember(page);
  await page.goto('/paramedicflashcards');
  await expect(page.getByLabel('Category')).toBeEnabled({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Flip' })).toBeVisible();
  await auditKeyboard(page, 'flashcards');
  await page.getByRole('button', { name: 'Flip' }).press('Enter');
  await expect(page.getByRole('button', { name: /Answer shown/ })).toBeVisible();
  await auditKeyboard(page, 'flashcards, answer side');

  await page.goto('/videos');
  await expect(page.getByTestId('video-count')).toHaveText(/[1-9]\d* video\(s\) available/);
  await auditKeyboard(page, '/videos');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const card = await tabTo(page, /Blood Flow Through the Heart/);
  await card.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Blood Flow Through the Heart' })).toBeVisible();
  await auditKeyboard(page, 'video player', { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(card).toBeFocused();
});

test('scenarios: menu, player and feedback', { tag: '@desktop-only' }, async ({ page }) => {
  await signInMember(page);
  await page.goto('/scenarios');
  await expect(heading(page, 'Clinical Scenarios')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Immuno/ })).toBeVisible();
  await auditKeyboard(page, '/scenarios');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const pick = await tabTo(page, /^Immuno/);
  await pick.press('Enter');
  await expect(page.getByText(/Step 1 of \d+/)).toBeVisible();
  await auditKeyboard(page, 'scenario player');
  // answer with the keyboard: the feedback dialog takes focus and keeps it
  await page.getByRole('list').getByRole('button').first().press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await auditKeyboard(page, 'scenario feedback', { dialog: true });
});

test('drag and drop and sorting: menus, players and dialogs', { tag: '@desktop-only' }, async ({ page }) => {
  await signInMember(page, { courseLevel: 'EMT' });
  await page.goto('/draganddrop');
  await expect(page.getByRole('dialog')).toBeVisible();
  await auditKeyboard(page, 'drag-drop case', { dialog: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Start' }).press('Enter');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('region', { name: 'Available therapies' })).toBeVisible();
  await auditKeyboard(page, '/draganddrop');

  await page.goto('/sorting');
  await expect(page.locator('#sorting-question')).toBeVisible();
  await auditKeyboard(page, '/sorting');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await (await tabTo(page, /About/)).press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await auditKeyboard(page, 'sorting info', { dialog: true });
});

test('admin screens and a confirm dialog', { tag: '@desktop-only' }, async ({ page }) => {
  const other = await makeUser({ firstName: 'Casey' });
  await signInMember(page, { role: 'admin' });
  await page.goto('/admin/users');
  await expect(heading(page, 'User Management')).toBeVisible();
  await page.getByLabel('Search users').fill(other.email);
  await expect(page.getByRole('button', { name: new RegExp(other.email) })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(other.email) }).press('Enter');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
  await auditKeyboard(page, '/admin/users');

  // Delete opens the confirm dialog: focus stays inside, Escape returns it to Delete
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const remove = await tabTo(page, 'Delete');
  await remove.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Delete this user?' })).toBeVisible();
  await auditKeyboard(page, 'confirm dialog', { dialog: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(remove).toBeFocused();

  await page.goto('/admin/codes');
  await expect(heading(page, 'Validation Codes')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await auditKeyboard(page, '/admin/codes');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await (await tabTo(page, /New|Add/)).press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await auditKeyboard(page, 'coupon dialog', { dialog: true });
});
