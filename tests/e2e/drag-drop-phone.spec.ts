import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, logIn, makeUser, test } from './fixtures';

// Decision 061: on a phone the zones sit far below the therapies. A long touch drag must still
// reach them, and a drop that lands nowhere must say so.

test.skip(({ isMobile }) => !isMobile, 'a phone with a touch screen');

/** Real touch events (Chromium's input pipeline), as a finger makes them. */
class Finger {
  constructor(
    private readonly cdp: CDPSession,
    private x = 0,
    private y = 0,
  ) {}
  async down(x: number, y: number) {
    [this.x, this.y] = [x, y];
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  }
  async move(x: number, y: number, steps = 10) {
    for (let i = 1; i <= steps; i++) {
      const p = { x: this.x + ((x - this.x) * i) / steps, y: this.y + ((y - this.y) * i) / steps };
      await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
    [this.x, this.y] = [x, y];
  }
  async up() {
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
}

/** Touches a therapy and holds until it is picked up (the touch sensor's hold delay). */
async function pickUp(finger: Finger, handle: Locator) {
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  await finger.down(box.x + box.width / 2, box.y + Math.min(box.height / 2, 20));
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
}

async function open(page: Page) {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'Paramedic' }));
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/draganddrop');
  await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  return new Finger(await page.context().newCDPSession(page));
}

const pool = (page: Page) => page.getByRole('region', { name: 'Available therapies' });
const zone = (page: Page, name: 'Indicated' | 'Not Indicated') => page.getByRole('region', { name, exact: true });

test('a therapy at the top of the list is dragged by touch into Not Indicated, far below', async ({ page }) => {
  const finger = await open(page);
  const handles = pool(page).locator('[aria-roledescription="draggable"]');
  const name = (await handles.first().textContent())!.trim();
  // the zone is well out of reach on the screen
  const zoneTop = (await zone(page, 'Not Indicated').boundingBox())!.y;
  expect(zoneTop).toBeGreaterThan(page.viewportSize()!.height * 1.5);

  await pickUp(finger, handles.first());
  // while dragging, both zones are in reach at the bottom of the screen
  const target = page.getByTestId('drop-target-not_indicated');
  await expect(target).toBeInViewport({ ratio: 1 });
  const box = (await target.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await finger.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(target).toHaveAttribute('data-over', 'true');
  await finger.up();

  await expect(zone(page, 'Not Indicated').getByRole('button', { name, exact: true })).toHaveCount(1);
  await expect(pool(page).getByRole('button', { name, exact: true })).toHaveCount(0);
});

test('a touch drop outside the zones says it missed and leaves the therapy in the list', async ({ page }) => {
  const finger = await open(page);
  const handle = pool(page).locator('[aria-roledescription="draggable"]').first();
  const name = (await handle.textContent())!.trim();
  await pickUp(finger, handle);
  // let go over the case text at the top of the screen
  const caseBox = (await page.getByRole('region', { name: 'Case' }).boundingBox())!;
  await finger.move(caseBox.x + caseBox.width / 2, Math.max(caseBox.y + 20, 10));
  await finger.up();
  const missed = page.getByRole('status').filter({ hasText: `${name} was not placed` });
  await expect(missed).toBeVisible();
  await expect(missed).toBeInViewport();
  await expect(pool(page).getByRole('button', { name, exact: true })).toHaveCount(1);
});
