import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { QuestionSession } from '../../src/shared/contracts/questions';
import { E2E_DATA_DIR } from '../../playwright.config';
import { answerAnything } from './answer';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

/** The served library's question items, or the starter fixture when it has none yet (test-only operator route). */
async function ensureQuestions() {
  const { token } = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'server.json'), 'utf8')) as { token: string };
  const res = await fetch(`${BASE}/api/internal/test/question-fixture`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE, 'x-medicprep-internal-token': token },
    body: '{}',
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

test.describe('question bank administration', { tag: '@desktop' }, () => {
  test('a problem report filed by a student appears in the admin list, and the admin resolves it', async ({ browser, page }) => {
    await ensureQuestions();
    const student = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await logIn(studentPage, student);
    await expect(studentPage).toHaveURL(/\/home$/);
    const started = await studentPage.request.post(`${BASE}/api/questions/sessions`, {
      headers: { origin: BASE },
      data: { level: 'EMT', domains: [], topics: [], count: 10, filter: 'all', mode: 'tutor' },
    });
    expect(started.status(), await started.text()).toBe(201);
    const { session } = (await started.json()) as { session: QuestionSession };
    const item = session.items[0]!;
    const text = `The keyed answer looks outdated ${Date.now().toString(36)}`;
    const filed = await studentPage.request.post(`${BASE}/api/questions/reports`, {
      headers: { origin: BASE },
      data: { itemKey: item.key, reason: 'outdated', text },
    });
    expect(filed.status()).toBe(201);

    const admin = await makeUser({ role: 'admin', activeDays: 30 });
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Question Bank' }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole('heading', { name: 'Question Bank' })).toBeVisible();
    const report = page.getByTestId('question-report').filter({ hasText: text });
    await expect(report).toHaveCount(1);
    await expect(report).toContainText(item.key);
    await expect(report).toContainText(item.stem);
    // the item beside the student's words: each option with its place in the key and its rationale
    await expect(report.getByText('Options, key and rationales')).toBeVisible();
    await expect(report.getByTestId('reported-option')).toHaveCount(item.options.length);
    await expect(report).toContainText('Outdated');
    await expect(report).toContainText(student.email);
    await expect(report).toContainText('Open');
    await report.getByRole('button', { name: `Resolve the report on ${item.key}` }).click();
    await expect(page.getByText('Report resolved.')).toBeVisible();
    await expect(report).toContainText(`by ${admin.email}`);

    // the admin answers; the student reads the answer on the item once they have answered it, not before
    const answer = `Thank you: the key now follows the current guideline (${Date.now().toString(36)}).`;
    await report.getByRole('button', { name: `Send the answer to the report on ${item.key}` }).click();
    await expect(report.getByText('Write the answer to the student.')).toBeVisible();
    await report.getByLabel('Answer the student').fill(answer);
    await report.getByRole('button', { name: `Send the answer to the report on ${item.key}` }).click();
    await expect(page.getByText('Answer sent. The student reads it on the question.')).toBeVisible();
    await expect(report).toContainText(`by ${admin.email}: ${answer}`);
    await studentPage.goto('/questions');
    await studentPage.getByRole('link', { name: 'Continue' }).click();
    await expect(studentPage.getByText(item.stem, { exact: true })).toBeVisible();
    await expect(studentPage.getByTestId('report-answer')).toHaveCount(0);
    await answerAnything(studentPage);
    await studentPage.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(studentPage.getByRole('heading', { name: /^(Correct|Incorrect)$/ })).toBeVisible();
    await expect(studentPage.getByTestId('report-answer')).toContainText(answer);
    await expect(studentPage.getByTestId('report-answer')).toContainText(text);
    await studentPage.screenshot({ path: test.info().outputPath('report-answer.png') });
    await studentContext.close();
    await page.getByLabel('Show').selectOption('open');
    await expect(page.getByTestId('question-report').filter({ hasText: text })).toHaveCount(0);
    await page.getByLabel('Show').selectOption('resolved');
    await expect(page.getByTestId('question-report').filter({ hasText: text })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Item statistics' }).click();
    // a page of 50 at a time, filtered and sorted on the server
    await expect(page.getByTestId('item-stats')).toHaveCount(50);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await page.getByRole('button', { name: 'Attempts' }).click();
    await expect(page.getByRole('columnheader', { name: /Attempts/ })).toHaveAttribute('aria-sort', 'descending');
    await page.getByLabel('Level').selectOption('EMT');
    await page.getByLabel('Key or stem').fill(item.key);
    const row = page.getByTestId('item-stats').filter({ hasText: item.key });
    await expect(row).toHaveCount(1);
    await expect(page.getByTestId('item-stats')).toHaveCount(1);
    await expect(page.getByText(/^1 of \d+ items/)).toBeVisible();
    await page.getByLabel('Key or stem').fill('no-such-item-zz');
    await expect(page.getByText('No items match these filters.')).toBeVisible();
  });
});
