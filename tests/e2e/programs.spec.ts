import { BASE, expect, logIn, makeUser, test } from './fixtures';

// Programs (decision 106): an administrator makes an instructor; the instructor creates a class and gets its code; one
// student joins through the subscription screen's code box (the code grants access), another from the profile, each seeing
// what the instructor will see before joining; the roster shows them with only what they chose; a student who leaves is
// gone from the roster at once. @desktop: the instructor's screen is desktop-rich, so it runs at both sizes.

test('an instructor runs a class: made by an admin, class and code, two students join, one leaves @desktop', async ({
  page,
  browser,
}, info) => {
  // four people and a class in one story
  test.setTimeout(120_000);
  const size = info.project.name;
  const admin = await makeUser({ role: 'admin', activeDays: 30 });
  const stamp = Date.now().toString(36);
  const teacher = await makeUser({ activeDays: 30, firstName: `Teach${stamp}` });
  const lapsed = await makeUser({ firstName: `Lapsed${stamp}` });
  const subscriber = await makeUser({ activeDays: 30, courseLevel: 'EMT', firstName: `Sub${stamp}` });

  // the administrator grants the role on the user card
  await logIn(page, admin, '/admin/users');
  await page.getByLabel('Search users').fill(teacher.email);
  const card = page.getByRole('listitem').filter({ hasText: teacher.email });
  await card.getByRole('button', { name: new RegExp(teacher.firstName) }).click();
  await card.getByRole('button', { name: 'Make Instructor' }).click();
  await expect(page.getByText('Role updated to instructor')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove Instructor' })).toBeVisible();

  // the instructor creates a class whose code grants 30 days
  const t = await browser.newPage({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  await logIn(t, teacher, '/instructor');
  await expect(t.getByText('No classes yet')).toBeVisible();
  await t.getByRole('button', { name: 'New Class' }).first().click();
  const form = t.getByRole('dialog', { name: 'New class' });
  await form.getByLabel('Class name').fill(`EMT Spring ${stamp}`);
  await form.getByText('EMT', { exact: true }).click();
  await form.getByLabel('First day').fill('2026-09-01');
  await form.getByLabel('Last day').fill('2099-03-01');
  await form.getByLabel('Seats').fill('30');
  await form.getByLabel('The code grants access').check();
  await form.getByLabel('Days of access').fill('30');
  await form.getByRole('button', { name: 'Create Class' }).click();
  await expect(t.getByText(/^Class created\. Its code is CLASS-/)).toBeVisible();
  const code = (await t.getByTestId('class-code').textContent())!.trim();
  expect(code).toMatch(/^CLASS-[A-Z2-9]{6}$/);
  await expect(t.getByText(`No students yet. Give them the code ${code}.`)).toBeVisible();

  // a student without access joins in the subscription screen's code box, e-mail shown
  const a = await browser.newPage({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  await logIn(a, lapsed, '/home');
  await expect(a.getByRole('heading', { name: 'Unlock MedicPrep' })).toBeVisible();
  await a.getByRole('textbox', { name: 'Validation code' }).fill(code.toLowerCase());
  await a.getByRole('button', { name: 'Apply' }).click();
  const join = a.getByRole('dialog', { name: `Join EMT Spring ${stamp}?` });
  await expect(join.getByText('Your instructor will see')).toBeVisible();
  await expect(join.getByText('Joining gives you 30 days of access.')).toBeVisible();
  await expect(join.getByText('Your e-mail address')).toHaveCount(0);
  await join.getByLabel('Show my e-mail address to the instructor').check();
  await expect(join.getByText('Your e-mail address')).toBeVisible();
  await a.screenshot({ path: `test-results/programs-join-${size}.png`, fullPage: true });
  await join.getByRole('button', { name: 'Join Class' }).click();
  await expect(a.getByText(`You joined EMT Spring ${stamp}. Your access is active.`)).toBeVisible();
  await expect(a).toHaveURL(/\/home$/, { timeout: 15_000 });

  // a subscriber joins from the profile, e-mail hidden
  const b = await browser.newPage({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  await logIn(b, subscriber, '/profile');
  await expect(b.getByText('You are not in a class.')).toBeVisible();
  await b.getByLabel('Join a class').fill(code);
  await b.getByRole('button', { name: 'Continue' }).click();
  const join2 = b.getByRole('dialog', { name: `Join EMT Spring ${stamp}?` });
  await join2.getByLabel('Share my NREMT results with the program').check();
  await join2.getByRole('button', { name: 'Join Class' }).click();
  await expect(b.getByText(/^You joined EMT Spring .*\. Your access now runs to /)).toBeVisible();
  await expect(b.getByTestId('my-classes')).toContainText(`EMT Spring ${stamp}`);

  // the roster: both, the e-mail only where chosen
  await t.reload();
  const roster = t.getByTestId('roster');
  await expect(roster.getByRole('row')).toHaveCount(3);
  await expect(roster.getByRole('row', { name: new RegExp(lapsed.firstName) })).toContainText(lapsed.email);
  await expect(roster.getByRole('row', { name: new RegExp(subscriber.firstName) })).toContainText('E-mail hidden by the student');
  await expect(t.getByRole('button', { name: new RegExp(`EMT Spring ${stamp}`) })).toContainText('2/30');
  // neither has studied yet: no readiness, the heat map's cells empty, nobody at risk on the first day
  await expect(roster.getByRole('row', { name: new RegExp(lapsed.firstName) })).toContainText('No exam yet');
  await expect(t.getByTestId('heat-map').getByRole('row')).toHaveCount(3);
  await expect(t.getByTestId('at-risk')).toContainText('Nobody right now.');
  // sorting by name puts them in order; the filter narrows the roster; the export is a CSV of what is shown
  await roster.getByRole('button', { name: 'Student' }).click();
  await expect(roster.getByRole('row').nth(1)).toContainText(lapsed.firstName);
  await t.getByLabel('Filter students').fill(subscriber.firstName);
  await expect(roster.getByRole('row')).toHaveCount(2);
  await t.getByLabel('Filter students').fill('');
  const [download] = await Promise.all([t.waitForEvent('download'), t.getByRole('button', { name: 'Export CSV' }).first().click()]);
  expect(download.suggestedFilename()).toMatch(/^emt-spring-.*-roster\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Student,E-mail,Joined,Last activity,Streak (days),Minutes this week,Questions answered,Due for review,Practice exams,Latest readiness,At risk',
  );
  expect(csv).toContain(lapsed.email);
  expect(csv).not.toContain(subscriber.email);
  await t.screenshot({ path: `test-results/programs-instructor-${size}.png`, fullPage: true });

  // the subscriber leaves: gone from the roster on the instructor's next read
  await b.getByTestId('my-classes').getByRole('button', { name: 'Leave' }).click();
  await b.getByRole('dialog', { name: 'Leave this class?' }).getByRole('button', { name: 'Leave Class' }).click();
  await expect(b.getByText('You left the class. Your instructor no longer sees your study.')).toBeVisible();
  await expect(b.getByText('You are not in a class.')).toBeVisible();
  await b.screenshot({ path: `test-results/programs-profile-${size}.png`, fullPage: true });
  await t.reload();
  await expect(roster.getByRole('row')).toHaveCount(2);
  await expect(roster).not.toContainText(subscriber.firstName);
  for (const p of [t, a, b]) await p.close();
});

test('a student cannot open the instructor screen', async ({ page }) => {
  const student = await makeUser({ activeDays: 30 });
  await logIn(page, student, '/instructor');
  await expect(page).toHaveURL(/\/home$/);
});
