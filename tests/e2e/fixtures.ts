/**
 * Helpers for the browser tests. Import `test` and `expect` from here, not from '@playwright/test'.
 *
 *   const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' }); // a verified user, made by the server
 *   await logIn(page, user);              // signed in through the API, the page opened at /home
 *   await logIn(page, user, '/sorting');  // …or at any other path
 *   await logInWithForm(page, user);      // the login screen itself (auth.spec.ts tests it; use it only there)
 *   const mail = await mailTo(user.email, 'Reset your MedicPrep password'); // a mail from the dev outbox
 *
 * - `makeUser` goes through the server's operator channel (`POST /api/internal/users`, what `npm run
 *   user:create` uses): a real user in the real database, verified, with the access and role asked for.
 * - `logIn` posts to the sign-in API from the page's own request context, so the session cookie lands in
 *   the browser context's cookie jar exactly as a form sign-in leaves it; it marks onboarding as done
 *   for the tab (as `completeOnboarding` does) and opens `to`. It skips the login screen and its one-second
 *   welcome: only auth.spec.ts needs that screen, through `logInWithForm`.
 * - Every user a test makes (`makeUser`, the `student`/`admin` fixtures, or an address passed to `deleteAfterTest` for a
 *   user the test signs up through the app) is deleted with all of theirs when the test ends: no test leaves a user behind.
 * - Fixtures, as epic-stack writes them: `test('…', async ({ student, loggedInPage }) => …)` — `student` is a verified
 *   EMT subscriber, `admin` an administrator, `loggedInPage` the page signed in as `student` and opened at /home.
 * - No `waitForTimeout`: wait for what the user would see (`expect(...).toBeVisible()`, `expect.poll`),
 *   for an event (`page.waitForEvent('requestfailed', …)`), for painted frames (`nextFrames`) or finished
 *   animations (`animationsDone`). To hold a response until a test has seen a loading state, use `holdRoute`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, type Page, test as base } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config';

export const BASE = `http://localhost:${E2E_PORT}`;

export interface MadeUser {
  email: string;
  password: string;
  firstName: string;
}

/** Creates a verified user through the server's local operator channel (what `npm run user:create` uses). */
export async function makeUser(
  opts: {
    activeDays?: number;
    role?: 'user' | 'admin' | 'instructor';
    courseLevel?: 'Paramedic' | 'EMT' | 'Both';
    firstName?: string;
  } = {},
): Promise<MadeUser> {
  const token = internalToken();
  const user = {
    email: `e2e-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'study-hard-1',
    firstName: opts.firstName ?? 'Riley',
  };
  const res = await fetch(`${BASE}/api/internal/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': token },
    body: JSON.stringify({ ...user, lastName: 'Tester', role: opts.role, courseLevel: opts.courseLevel, activeDays: opts.activeDays }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  deleteAfterTest(user.email);
  return user;
}

/** The users this worker's current test made: deleted when it ends (tests of one worker run one after another). */
const madeInThisTest = new Set<string>();

/** Deletes the user with this address (made by the test, or signed up through the app in it) when the test ends. */
export function deleteAfterTest(email: string) {
  madeInThisTest.add(email.toLowerCase());
}

async function deleteUsersOfTest() {
  const emails = [...madeInThisTest];
  madeInThisTest.clear();
  for (const email of emails) {
    const res = await fetch(`${BASE}/api/internal/test/users/${encodeURIComponent(email)}`, {
      method: 'DELETE',
      headers: { origin: BASE, 'x-medicprep-internal-token': internalToken() },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

function internalToken(): string {
  return (JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'server.json'), 'utf8')) as { token: string }).token;
}

/** Puts a user's streak where a test needs it (a test-only operator route). */
export async function setStreak(email: string, currentStreak: number, lastLoginDaysAgo: number) {
  const res = await fetch(`${BASE}/api/internal/test/streak`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': internalToken() },
    body: JSON.stringify({ email, currentStreak, lastLoginDaysAgo }),
  });
  expect(res.status).toBe(200);
}

/** Lets `days` pass for a user's spaced review: their cards and review logs move that many days back (test-only route). */
export async function reviewLater(email: string, days: number) {
  const res = await fetch(`${BASE}/api/internal/test/review-later`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': internalToken() },
    body: JSON.stringify({ email, days }),
  });
  expect(res.status).toBe(200);
}

export interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** Waits for an e-mail to `to` in the dev outbox and returns it. */
export async function mailTo(to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const { emails } = (await (await fetch(`${BASE}/api/dev/outbox`)).json()) as { emails: OutboxMail[] };
      found = emails.find((m) => m.to === to && m.subject === subject);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export async function completeOnboarding(page: Page) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('onboardingCompleted', 'true'));
}

/** Signs in through the form on /login (the login screen's own tests use this; everything else uses `logIn`). */
export async function logInWithForm(page: Page, user: { email: string; password: string }) {
  await completeOnboarding(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Signs `user` in through the sign-in API (the request the login form sends) from the page's own
 * request context, so the browser context holds the session cookie, then opens `to`.
 */
export async function logIn(page: Page, user: { email: string; password: string }, to = '/home') {
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: BASE },
    data: { email: user.email, password: user.password, rememberMe: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  // Onboarding done once for this tab, as `completeOnboarding` leaves it (a later test step may undo it).
  await page.addInitScript(() => {
    try {
      if (sessionStorage.getItem('e2e-onboarding-set')) return;
      sessionStorage.setItem('e2e-onboarding-set', '1');
      localStorage.setItem('onboardingCompleted', 'true');
    } catch {
      /* about:blank and other opaque origins have no storage */
    }
  });
  await page.goto(to);
}

/**
 * Holds every request matching `url` until `release()` is called, so a test can see the state the app
 * shows while it waits (no sleeps). Call `release()` before the test moves on.
 */
export async function holdRoute(page: Page, url: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** Waits until the page has painted `n` more frames (a scroll step, a drag-over update): no fixed sleep. */
export async function nextFrames(page: Page, n = 2) {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)));
        step(count);
      }),
    n,
  );
}

/** Waits until the page's finite animations (a dialog fading in, a card flipping) have finished. */
export async function animationsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** How many writes wait in this device's outboxes named `outbox` (local storage keys `<outbox>:<user>`). */
export const queuedWrites = (page: Page, outbox: string) =>
  page.evaluate(
    (prefix) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith(prefix))
        .reduce((n, k) => n + (JSON.parse(localStorage.getItem(k) ?? '[]') as unknown[]).length, 0),
    `${outbox}:`,
  );

// Playwright reads a fixture's dependencies from its first parameter's pattern: `{}` is "none" (no-empty-pattern is off here)
/* eslint-disable no-empty-pattern */
export const test = base.extend<{ student: MadeUser; admin: MadeUser; loggedInPage: Page; cleanUp: void }>({
  student: async ({}, use) => use(await makeUser({ activeDays: 30, courseLevel: 'EMT' })),
  admin: async ({}, use) => use(await makeUser({ activeDays: 30, role: 'admin' })),
  loggedInPage: async ({ page, student }, use) => {
    await logIn(page, student);
    await use(page);
  },
  // after every test, whether it passed or not: its users go
  cleanUp: [
    async ({}, use) => {
      await use();
      await deleteUsersOfTest();
    },
    { auto: true },
  ],
});
/* eslint-enable no-empty-pattern */
export { expect };

/** One item of a seeded practice session, with its keyed answer in the words on the screen. */
export type SeededItem = { key: string; stem: string } & (
  | { type: 'single' | 'multiple'; correct: string[] }
  | { type: 'build_list'; order: string[] }
  | { type: 'options_table' | 'drag_drop'; placements: [string, string][] }
);

/**
 * A practice session of a fixed item set (the first items of each type, types interleaved; with `caseFirst`, after the
 * level's first case set) for a user (test-only route).
 */
export async function seedQuestionSession(
  email: string,
  level: 'EMT' | 'Paramedic',
  mode: 'tutor' | 'timed',
  opts: { caseFirst?: boolean; perType?: number } = {},
): Promise<{ sessionId: string; items: SeededItem[] }> {
  const res = await fetch(`${BASE}/api/internal/test/question-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': internalToken() },
    body: JSON.stringify({ email, level, mode, ...opts }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { sessionId: string; items: SeededItem[] };
}
