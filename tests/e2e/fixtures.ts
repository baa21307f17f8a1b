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
  opts: { activeDays?: number; role?: 'user' | 'admin'; courseLevel?: 'Paramedic' | 'EMT' | 'Both'; firstName?: string } = {},
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
  return user;
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

export async function logIn(page: Page, user: { email: string; password: string }) {
  await completeOnboarding(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export const test = base;
export { expect };

/** One item of a seeded practice session, with its keyed answer in the words on the screen. */
export type SeededItem = { key: string; stem: string } & (
  | { type: 'single' | 'multiple'; correct: string[] }
  | { type: 'build_list'; order: string[] }
  | { type: 'options_table' | 'drag_drop'; placements: [string, string][] }
);

/** A practice session of a fixed item set (the first items of each type, types interleaved) for a user (test-only route). */
export async function seedQuestionSession(
  email: string,
  level: 'EMT' | 'Paramedic',
  mode: 'tutor' | 'timed',
): Promise<{ sessionId: string; items: SeededItem[] }> {
  const res = await fetch(`${BASE}/api/internal/test/question-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': internalToken() },
    body: JSON.stringify({ email, level, mode }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { sessionId: string; items: SeededItem[] };
}
