import type { Locator, Page } from '@playwright/test';
import { isPass, type DragDropScenario, type DragDropScenariosResponse } from '../../src/shared/drag-drop';
import { BASE, expect, logIn, makeUser, nextFrames, test } from './fixtures';

type Level = 'Paramedic' | 'EMT';
const TOTAL: Record<Level, number> = { Paramedic: 17, EMT: 10 };

const pool = (page: Page) => page.getByRole('region', { name: 'Available therapies' });
const zone = (page: Page, name: 'Indicated' | 'Not Indicated') => page.getByRole('region', { name, exact: true });
const therapy = (area: Locator, name: string) => area.getByRole('button', { name, exact: true });
const counter = (page: Page) => page.getByTestId('dd-counter');

/** Signs in a subscribed student, opens /draganddrop and returns the scenario on screen (answers from the API). */
async function openDragDrop(page: Page, level: Level): Promise<DragDropScenario> {
  const user = await makeUser({ activeDays: 30, courseLevel: level });
  await logIn(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/draganddrop');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(counter(page)).toHaveText(`0 Completed · ${TOTAL[level]} Not Completed`);
  return currentScenario(page);
}

async function currentScenario(page: Page): Promise<DragDropScenario> {
  const res = await page.request.get('/api/drag-drop/scenarios', { headers: { origin: BASE } });
  expect(res.status()).toBe(200);
  const { scenarios } = (await res.json()) as DragDropScenariosResponse;
  const id = Number(await page.locator('main[data-scenario-id]').getAttribute('data-scenario-id'));
  const scenario = scenarios.find((s) => s.scenarioId === id)!;
  await expect(page.getByTestId('scenario-text')).toContainText(scenario.scenario);
  return scenario;
}

const zoneName = (indicated: boolean) => (indicated ? 'Indicated' : 'Not Indicated');

/**
 * A real mouse drag as a person makes it: press, move past the 5 px activation distance, and if the
 * zone is out of reach hold the pointer at the screen's edge (the page auto-scrolls) until it comes
 * into reach; then move onto it in steps and release once the zone shows it is under the pointer.
 */
async function mouseDrag(page: Page, source: Locator, target: Locator) {
  const h = page.viewportSize()!.height;
  const [low, high] = [0.22 * h, 0.78 * h];
  await source.scrollIntoViewIfNeeded();
  // Scroll so the therapy and the zone are both in reach when they fit on one screen; else auto-scroll.
  const [src, dst] = [(await source.boundingBox())!, (await target.boundingBox())!];
  const srcY = src.y + Math.min(src.height / 2, 20);
  const dstY = dst.y + Math.min(30, dst.height / 2);
  const [lo, hi] = [Math.max(srcY, dstY) - high, Math.min(srcY, dstY) - low];
  await page.evaluate((dy) => window.scrollBy(0, dy), lo <= hi ? (lo + hi) / 2 : src.y - low);
  const from = (await source.boundingBox())!;
  const x = from.x + from.width / 2;
  const y = from.y + Math.min(from.height / 2, 20);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 12, { steps: 4 });
  // On a phone-sized screen the zones wait in a bar at the bottom of the screen while a therapy is
  // dragged (decision 061): drop there, as a person would.
  const zoneName = await target.getAttribute('aria-label');
  const bar = page.getByTestId(`drop-target-${zoneName === 'Not Indicated' ? 'not_indicated' : 'indicated'}`);
  if (await bar.isVisible()) {
    const b = (await bar.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
    await expect(bar).toHaveAttribute('data-over', 'true');
    await page.mouse.up();
    return;
  }
  for (let attempt = 0; ; attempt++) {
    expect(attempt, 'the pointer reached the zone').toBeLessThan(60);
    const to = (await target.boundingBox())!;
    const toY = to.y + Math.min(30, to.height / 2);
    if (toY >= low && toY <= high) {
      await page.mouse.move(to.x + to.width / 2, toY, { steps: 8 });
      await nextFrames(page);
      // the page may still have been scrolling: measure again until the zone is under the pointer
      if ((await target.getAttribute('data-over')) === 'true') break;
    } else {
      await page.mouse.move(x, toY < low ? 0.04 * h : 0.96 * h, { steps: 4 });
      await nextFrames(page, 6);
    }
  }
  await page.mouse.up();
}

/** Keyboard dragging: Space picks the therapy up, each ↓ moves to the next area, Space drops it. */
/** The arrow key that points from one element's box toward another's. */
async function arrowToward(from: Locator, to: Locator) {
  const [a, b] = [await from.boundingBox(), await to.boundingBox()];
  if (Math.abs(a!.y - b!.y) < 10) return b!.x > a!.x ? 'ArrowRight' : 'ArrowLeft';
  return b!.y > a!.y ? 'ArrowDown' : 'ArrowUp';
}

/** Focus and Space pick a therapy up; a Space pressed while the list is still settling is tried again. */
async function pickUp(page: Page, source: Locator) {
  await expect(async () => {
    await source.focus();
    await page.keyboard.press('Space');
    await expect(source).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/** Picks a therapy up with Space, moves it with the arrow keys until the target zone is under it, drops it. */
async function keyboardDrag(page: Page, source: Locator, target: 'Indicated' | 'Not Indicated') {
  await pickUp(page, source);
  const other = target === 'Indicated' ? 'Not Indicated' : 'Indicated';
  for (let i = 0; i < 6; i++) {
    if ((await zone(page, target).getAttribute('data-over')) === 'true') break;
    const key =
      (await zone(page, other).getAttribute('data-over')) === 'true'
        ? await arrowToward(zone(page, other), zone(page, target))
        : 'ArrowDown';
    await page.keyboard.press(key);
    await nextFrames(page);
  }
  await expect(zone(page, target)).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
}

test.describe('drag and drop', () => {
  test('drag every therapy with the mouse into its zone, check answers, pass', { tag: '@desktop' }, async ({ page }) => {
    const scenario = await openDragDrop(page, 'Paramedic');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    // each time the last therapy left in the list, the one nearest the zones
    const handles = pool(page).locator('[aria-roledescription="draggable"]');
    for (let left = scenario.therapies.length; left > 0; left--) {
      await expect(page.getByRole('button', { name: 'Check Answers' })).toHaveCount(0);
      await expect(handles).toHaveCount(left);
      const name = (await handles.last().textContent())!.trim();
      const t = scenario.therapies.find((x) => x.therapyName === name)!;
      const target = zone(page, zoneName(t.indicated));
      await mouseDrag(page, therapy(pool(page), name), target);
      await expect(therapy(target, name)).toBeVisible();
      await expect(therapy(pool(page), name)).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Check Answers' }).click();
    await expect(page.getByRole('button', { name: 'Checking…' })).toBeVisible();
    const results = page.getByRole('dialog');
    await expect(results).toBeVisible();
    await expect(results.getByRole('heading', { name: 'Great job!' })).toBeVisible();
    await expect(results.getByTestId('result-score')).toHaveText(`${scenario.therapies.length} / ${scenario.therapies.length} correct`);
    await expect(page.locator('[data-mark="correct"]')).toHaveCount(scenario.therapies.length);
    await expect(counter(page)).toHaveText(`1 Completed · ${TOTAL.Paramedic - 1} Not Completed`);
    await results.getByRole('button', { name: 'Next Scenario' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Scenario 2 of ${TOTAL.Paramedic}`);
    await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  });

  test('complete a scenario with the keyboard; after a reload it counts as completed and goes last', async ({ page }) => {
    const scenario = await openDragDrop(page, 'EMT');
    await page.getByRole('button', { name: 'Start' }).click();
    const n = scenario.therapies.length;
    // the first two in the wrong zone, the rest right
    for (const [i, t] of scenario.therapies.entries()) {
      const target = zoneName(i < 2 ? !t.indicated : t.indicated);
      await keyboardDrag(page, therapy(pool(page), t.therapyName), target);
      await expect(therapy(zone(page, target), t.therapyName)).toBeVisible();
    }
    // moving between zones with the keyboard replaces the placement (the arrow toward the other zone:
    // ↑ / ↓ when the zones are stacked on a phone, ← / → when they stand side by side)
    const moved = scenario.therapies[2]!;
    const [from, to] = moved.indicated ? (['Indicated', 'Not Indicated'] as const) : (['Not Indicated', 'Indicated'] as const);
    const arrow = await arrowToward(zone(page, from), zone(page, to));
    await pickUp(page, therapy(zone(page, from), moved.therapyName));
    // dnd-kit listens for the arrow keys from a timeout after the pick-up: a press before that is lost
    await expect(async () => {
      if ((await zone(page, to).getAttribute('data-over')) !== 'true') await page.keyboard.press(arrow);
      await expect(zone(page, to)).toHaveAttribute('data-over', 'true', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Space');
    await expect(therapy(zone(page, to), moved.therapyName)).toBeVisible();
    await expect(therapy(zone(page, from), moved.therapyName)).toHaveCount(0);
    await page.getByRole('button', { name: `Move ${moved.therapyName} to ${from}` }).click();
    await expect(therapy(zone(page, from), moved.therapyName)).toBeVisible();
    await page.getByRole('button', { name: 'Check Answers' }).click();
    const results = page.getByRole('dialog');
    await expect(results.getByRole('heading', { name: isPass(n - 2, n) ? 'Great job!' : 'Keep practicing' })).toBeVisible();
    await expect(results.getByTestId('result-score')).toHaveText(`${n - 2} / ${n} correct`);
    await expect(page.locator('[data-mark="incorrect"]')).toHaveCount(2);
    await results.getByRole('button', { name: 'Review Answers' }).click();
    await expect(page.getByText('Belongs in', { exact: false }).first()).toBeVisible();

    await expect
      .poll(async () => (await (await page.request.get('/api/events?featureType=drag_drop&actionType=scenario_complete')).json()).events)
      .toEqual([
        expect.objectContaining({
          featureId: String(scenario.scenarioId),
          score: n - 2,
          totalItems: n,
          completionPercentage: Math.round(((n - 2) / n) * 100),
        }),
      ]);
    await page.reload();
    await expect(counter(page)).toHaveText(`1 Completed · ${TOTAL.EMT - 1} Not Completed`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.locator('main[data-scenario-id]')).not.toHaveAttribute('data-scenario-id', String(scenario.scenarioId));
  });

  test('tap to place, move between zones, × removes, reset clears; the case reopens and Start is logged once', async ({ page }) => {
    const scenario = await openDragDrop(page, 'Paramedic');
    await page.getByRole('button', { name: 'Start' }).click();
    const [first, second] = scenario.therapies;
    await page.getByRole('button', { name: `Place ${first!.therapyName} in Indicated` }).click();
    await expect(therapy(zone(page, 'Indicated'), first!.therapyName)).toBeVisible();
    await page.getByRole('button', { name: `Move ${first!.therapyName} to Not Indicated` }).click();
    await expect(therapy(zone(page, 'Not Indicated'), first!.therapyName)).toBeVisible();
    await expect(therapy(zone(page, 'Indicated'), first!.therapyName)).toHaveCount(0);
    // a mouse drag from one zone to the other moves it back
    await mouseDrag(page, therapy(zone(page, 'Not Indicated'), first!.therapyName), zone(page, 'Indicated'));
    await expect(therapy(zone(page, 'Indicated'), first!.therapyName)).toBeVisible();
    await expect(therapy(zone(page, 'Not Indicated'), first!.therapyName)).toHaveCount(0);
    await page.getByRole('button', { name: `Remove ${first!.therapyName}` }).click();
    await expect(therapy(pool(page), first!.therapyName)).toBeVisible();

    await page.getByRole('button', { name: `Place ${second!.therapyName} in Not Indicated` }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(pool(page).getByRole('button', { name: /^Place .* in Indicated$/ })).toHaveCount(scenario.therapies.length);

    await page.getByRole('button', { name: 'Tap to view scenario' }).click();
    await expect(page.getByTestId('scenario-text')).toContainText(scenario.scenario);
    await page.getByRole('button', { name: 'Back to Therapies' }).click();
    await page.getByRole('button', { name: 'About drag & drop questions' }).click();
    await expect(page.getByRole('dialog', { name: 'Drag & drop questions' })).toContainText('70%');
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect
      .poll(async () => (await (await page.request.get('/api/events?featureType=drag_drop&actionType=scenario_start')).json()).events)
      .toEqual([expect.objectContaining({ featureId: String(scenario.scenarioId) })]);
  });

  test('Next Scenario walks the list; the last offers Continue Studying, which starts a new round', async ({ page }) => {
    await openDragDrop(page, 'EMT');
    const seen = new Set<string>();
    for (let i = 1; i < TOTAL.EMT; i++) {
      await expect(page.getByRole('dialog')).toContainText(`Scenario ${i} of ${TOTAL.EMT}`);
      seen.add((await page.locator('main[data-scenario-id]').getAttribute('data-scenario-id'))!);
      await page.getByRole('button', { name: 'Next Scenario' }).click();
    }
    await expect(page.getByRole('dialog')).toContainText(`Scenario ${TOTAL.EMT} of ${TOTAL.EMT}`);
    seen.add((await page.locator('main[data-scenario-id]').getAttribute('data-scenario-id'))!);
    expect(seen.size).toBe(TOTAL.EMT);
    await expect(page.getByRole('button', { name: 'Next Scenario' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue Studying' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Scenario 1 of ${TOTAL.EMT}`);
  });

  test('a load failure shows Retry, which loads the scenarios', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.route('**/api/drag-drop/scenarios', (route) => route.abort('connectionrefused'));
    await page.goto('/draganddrop');
    await expect(page.getByText('The scenarios could not be loaded.')).toBeVisible({ timeout: 15_000 });
    await page.unroute('**/api/drag-drop/scenarios');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Scenario 1 of ${TOTAL.EMT}`);
  });

  test('a scenario completed offline counts at once and is recorded once when the connection returns', async ({ page, context }) => {
    const scenario = await openDragDrop(page, 'EMT');
    await page.getByRole('button', { name: 'Start' }).click();
    await context.setOffline(true);
    for (const t of scenario.therapies)
      await page.getByRole('button', { name: `Place ${t.therapyName} in ${zoneName(t.indicated)}` }).click();
    // the completion event is tried while offline, fails, and stays queued
    const sendFailed = page.waitForEvent('requestfailed', { predicate: (r) => r.url().endsWith('/api/events') });
    await page.getByRole('button', { name: 'Check Answers' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Great job!' })).toBeVisible();
    await expect(counter(page)).toHaveText(`1 Completed · ${TOTAL.EMT - 1} Not Completed`);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('completedDragDropScenarios') ?? '[]'))).toEqual([
      scenario.scenarioId,
    ]);
    await sendFailed;
    await context.setOffline(false);
    const completions = async () =>
      (await (await page.request.get('/api/events?featureType=drag_drop&actionType=scenario_complete')).json()).events.length;
    await expect.poll(completions, { timeout: 20_000 }).toBe(1);
    await page.reload();
    await expect(counter(page)).toHaveText(`1 Completed · ${TOTAL.EMT - 1} Not Completed`);
    expect(await completions()).toBe(1);
  });
});
