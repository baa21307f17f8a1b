import { answerAnything } from './answer';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

// Class assignments (decision 111): the instructor sets the class a 10-question set due in a week; a student sees it on
// home, starts it in one tap, answers it; the instructor sees it done with the score, and exports it. @desktop: the
// instructor's screen is desktop-rich, so it runs at both sizes.

test('an instructor assigns a 10-question set; a student completes it from home; the instructor sees it done @desktop', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  const size = info.project.name;
  const stamp = Date.now().toString(36);
  const teacher = await makeUser({ role: 'instructor', activeDays: 30, firstName: `Teach${stamp}` });
  const ana = await makeUser({ activeDays: 30, courseLevel: 'EMT', firstName: `Ana${stamp}` });
  const ben = await makeUser({ activeDays: 30, courseLevel: 'EMT', firstName: `Ben${stamp}` });

  // the class and its two students (the join itself is the programs test's)
  await logIn(page, teacher, '/instructor');
  const made = await page.request.post(`${BASE}/api/instructor/classes`, {
    headers: { origin: BASE },
    data: { name: `EMT Fall ${stamp}`, level: 'EMT', startDate: '2026-09-01', endDate: '2099-03-01', seats: 30, grantsAccessDays: null },
  });
  expect(made.status()).toBe(201);
  const { code } = ((await made.json()) as { class: { code: string } }).class;
  const a = await browser.newPage({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  const b = await browser.newPage({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  for (const [p, u] of [
    [a, ana],
    [b, ben],
  ] as const) {
    await logIn(p, u, '/home');
    const joined = await p.request.post(`${BASE}/api/classes/join`, { headers: { origin: BASE }, data: { code } });
    expect(joined.status()).toBe(201);
  }

  // the instructor sets the assignment: a bad due date is refused on its field, then 10 Primary Assessment questions
  await page.reload();
  const section = page.getByRole('region', { name: /Assignments/ });
  await expect(section.getByText('No assignments yet.')).toBeVisible();
  await section.getByRole('button', { name: 'New assignment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New assignment' });
  await dialog.getByText('Primary Assessment').click();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByText('Enter the due date')).toBeVisible();
  await dialog.getByLabel('Due').fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog.getByText('The due date is today or later')).toBeVisible();
  await dialog.getByLabel('Due').fill('2099-01-15');
  await page.screenshot({ path: `test-results/assignments-new-${size}.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('10 questions: Primary Assessment')).toBeVisible();
  await expect(section.getByTestId('assignment-done')).toHaveText('0 of 2 done');

  // the student finds it on home and does it
  await a.goto('/home');
  const card = a.getByRole('region', { name: 'From your class' });
  await expect(card).toContainText('10 questions: Primary Assessment');
  await expect(card).toContainText(`EMT Fall ${stamp}`);
  await expect(card).toContainText('1 to do');
  await a.screenshot({ path: `test-results/assignments-home-${size}.png`, fullPage: true });
  await card.getByRole('button', { name: 'Start 10 questions: Primary Assessment' }).click();
  for (let i = 1; i <= 10; i++) {
    await expect(a.getByRole('heading', { name: `Question ${i} of 10` })).toBeVisible();
    await answerAnything(a);
    await a.getByRole('button', { name: 'Submit', exact: true }).click();
    await a.getByRole('button', { name: i < 10 ? 'Next question' : 'See results' }).click();
  }
  await expect(a.getByRole('heading', { name: /of 10 correct$/ })).toBeVisible();
  await a.goto('/home');
  await expect(card).toContainText('All done');
  await expect(card).toContainText(/% right of 10/);

  // the instructor sees it done, by whom, with the score; the CSV says the same
  await page.reload();
  await expect(section.getByTestId('assignment-done')).toHaveText('1 of 2 done');
  await section.getByRole('button', { name: 'Students' }).click();
  await expect(section.getByRole('row', { name: new RegExp(ana.firstName) })).toContainText('Done');
  await expect(section.getByRole('row', { name: new RegExp(ana.firstName) })).toContainText(/% right of 10/);
  await expect(section.getByRole('row', { name: new RegExp(ben.firstName) })).toContainText('Not started');
  await page.screenshot({ path: `test-results/assignments-instructor-${size}.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Assignment,Due,Student,Status,Result,Finished');
  expect(csv).toMatch(new RegExp(`${ana.firstName}[^\\r]*,Done,`));

  // the instructor records Ana's NREMT result: the pass rates count it
  const outcomes = page.getByRole('region', { name: 'NREMT outcomes' });
  await expect(page.getByTestId('first-attempt-rate')).toContainText('no results yet');
  await outcomes.getByRole('button', { name: 'Record a result' }).click();
  const rec = page.getByRole('dialog', { name: 'Record an NREMT result' });
  await rec.getByRole('button', { name: 'Record Result' }).click();
  await expect(rec.getByText('Choose a student')).toHaveCount(2); // the placeholder and the error under it
  await rec.getByLabel('Student').selectOption({ label: `${ana.firstName} Tester` });
  await rec.getByLabel('Date of the exam').fill('2026-11-20');
  await rec.getByText('Passed', { exact: true }).click();
  await rec.getByRole('button', { name: 'Record Result' }).click();
  await expect(rec).toBeHidden();
  await expect(page.getByTestId('first-attempt-rate')).toContainText('100 %');
  await expect(page.getByTestId('first-attempt-rate')).toContainText('1 of 1 students');
  await expect(outcomes.getByRole('row', { name: new RegExp(ana.firstName) })).toContainText('Attempt 1: Passed');
  await expect(outcomes.getByRole('row', { name: new RegExp(ana.firstName) })).toContainText('Recorded by the class');
  await outcomes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `test-results/assignments-outcomes-${size}.png`, fullPage: true });

  // the calendar shows it under the class's assignments
  await b.goto('/calendar');
  await expect(b.getByRole('region', { name: 'Class assignments' })).toContainText('10 questions: Primary Assessment');
  await b.screenshot({ path: `test-results/assignments-calendar-${size}.png`, fullPage: true });
  for (const p of [a, b]) await p.close();
});
