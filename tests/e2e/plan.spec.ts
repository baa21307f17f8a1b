import { expect, logIn, makeUser, test } from './fixtures';

// The study plan (decision 105): a student sets an exam date on /calendar and finds today's plan on home, one tap from each
// part; their own events are added, edited and deleted on /calendar. Runs at phone and desktop size.

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The weekday three days from now, in the browser's and the server's zone alike (UTC in the tests). */
const restDayNotToday = () => new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
const shot = (name: string, project: string) => `test-results/${name}-${project}.png`;

test('set an exam date on /calendar and see today’s plan on home', { tag: '@desktop' }, async ({ page }, info) => {
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  await logIn(page, user, '/calendar');
  await expect(page.getByRole('heading', { name: 'Your Schedule' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'When is your exam?' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('A practice exam every week, and two in the final week.')).toBeVisible();
  await page.screenshot({ path: shot('plan-empty', info.project.name), fullPage: true });

  // a date in the past is refused on its field
  await page.getByLabel('Exam date', { exact: true }).fill(isoIn(-3));
  await page.getByRole('button', { name: 'Build my plan' }).click();
  await expect(page.getByText('Choose today or a day ahead')).toBeVisible();

  await page.getByLabel('Exam date', { exact: true }).fill(isoIn(35));
  // a rest day that is not today (today's questions are what home starts below)
  await page.getByLabel('Rest day each week').selectOption(restDayNotToday());
  await page.getByRole('button', { name: 'Build my plan' }).click();
  await expect(page.getByRole('heading', { name: 'NREMT EMT exam' })).toBeVisible();
  await expect(page.getByText(/^\d+$/).first()).toBeVisible();
  await expect(page.getByText(/Every domain covered by/)).toBeVisible();
  const todayRow = page.locator('li[aria-current="date"]');
  await expect(todayRow).toBeVisible();
  await expect(todayRow.getByText(/question/).first()).toBeVisible();
  await page.screenshot({ path: shot('plan-calendar', info.project.name), fullPage: true });

  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
  const today = page.getByRole('region', { name: "Today's plan" });
  await expect(today.getByRole('heading', { name: "Today's plan" })).toBeVisible();
  await expect(today.getByText(/days? to the exam/)).toBeVisible();
  const questions = today.getByRole('button', { name: /^Start \d+ questions?$/ });
  await expect(questions).toBeVisible();
  await today.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('plan-home', info.project.name), fullPage: true });
  // one tap starts the day's questions
  await questions.click();
  await expect(page).toHaveURL(/\/questions\?session=/);
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible({ timeout: 15_000 });
});

test('add, edit and delete an event on /calendar', { tag: '@desktop' }, async ({ page }, info) => {
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  await logIn(page, user, '/calendar');
  await page.getByLabel('Exam date', { exact: true }).fill(isoIn(28));
  await page.getByRole('button', { name: 'Build my plan' }).click();
  await expect(page.getByRole('heading', { name: 'NREMT EMT exam' })).toBeVisible({ timeout: 15_000 });

  const shiftDate = isoIn(2);
  await page.getByRole('button', { name: 'Add New Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Event' });
  // an empty title is refused on its field
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog.getByText('Enter a title')).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill('ER clinical shift');
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Clinical shift' });
  await dialog.getByLabel('Date', { exact: true }).fill(shiftDate);
  await dialog.getByLabel('Time', { exact: true }).fill('07:00');
  await dialog.getByLabel('How long').selectOption({ label: '12 hours' });
  await page.screenshot({ path: shot('plan-event-dialog', info.project.name) });
  await dialog.getByRole('button', { name: 'Add event' }).click();
  await expect(dialog).toBeHidden();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText('ER clinical shift')).toBeVisible();
  await expect(upcoming.getByText('Clinical shift', { exact: true })).toBeVisible();
  // the shift's day is light in the plan (unless it is the rest day)
  const days = page.getByRole('region', { name: 'Day by day' });
  await expect(days.getByText('7:00 AM · ER clinical shift')).toBeVisible();
  await page.screenshot({ path: shot('plan-events', info.project.name), fullPage: true });

  await upcoming.getByRole('button', { name: 'Edit ER clinical shift' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await edit.getByLabel('Title', { exact: true }).fill('Cardiology study group');
  await edit.getByLabel('Type', { exact: true }).selectOption({ label: 'Study group' });
  await edit.getByLabel('Time', { exact: true }).fill('18:30');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(upcoming.getByText('Cardiology study group')).toBeVisible();
  await expect(upcoming.getByText('ER clinical shift')).toHaveCount(0);
  await expect(days.getByText('6:30 PM · Cardiology study group')).toBeVisible();

  await upcoming.getByRole('button', { name: 'Delete Cardiology study group' }).click();
  await page.getByRole('dialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete event' }).click();
  await expect(upcoming.getByText('Cardiology study group')).toHaveCount(0);
  await expect(upcoming.getByText(/No events yet/)).toBeVisible();
  const events = (await (await page.request.get('/api/plan')).json()) as { events: unknown[] };
  expect(events.events).toEqual([]);
});
