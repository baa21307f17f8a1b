import { audit } from './axe';
import { expect, logIn, makeUser, test } from './fixtures';

// The admin's Jobs screen (docs/decisions/110-scheduled-jobs-on-our-own-table.md): the three jobs with their schedules
// (off under NODE_ENV=test), and "Run now" runs one on the server, which shows the run's status, duration and what it
// printed. Phone and desktop, each with its own job: the two projects share one server, and a job running already answers
// "Run now" with 409.
const JOBS = {
  phone: { title: 'Item calibration', id: 'job-items-calibrate', printed: /Item calibration \(Rasch, JMLE\) in \d+\.\d s/ },
  desktop: { title: 'Readiness validation', id: 'job-readiness-validate', printed: /EMT: \d+ reported results/ },
} as const;

test('an administrator runs a job now and reads its run', { tag: '@desktop' }, async ({ page }, info) => {
  const { title, id, printed } = JOBS[info.project.name as keyof typeof JOBS];
  const admin = await makeUser({ role: 'admin', activeDays: 30 });
  await logIn(page, admin);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  for (const title of ['Spaced-review weights', 'Item calibration', 'Readiness validation'])
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();

  const job = page.getByRole('region', { name: title });
  await expect(job.getByText('Off: runs only when started by hand')).toBeVisible();
  await expect(job.getByText('Not scheduled')).toBeVisible();
  await job.getByRole('button', { name: 'Run now' }).click();
  await expect(job.getByText(`${title} will start in a moment.`)).toBeVisible();
  // the screen follows the run to its end (a few seconds at most on the test database)
  await expect(job.getByTestId(`${id}-last`)).toContainText('OK', { timeout: 30_000 });
  await expect(job.getByTestId(`${id}-last`)).toContainText(/\d+\.\d s/);
  await expect(job.getByText('What the last run printed')).toBeVisible();
  await expect(job.locator('pre')).toContainText(printed);
  await job.getByText(/^Recent runs \(\d+\)$/).click();
  await expect(job.getByRole('listitem').first()).toContainText(/Run now by /);
  await expect(job.getByRole('button', { name: 'Run now' })).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('jobs.png'), fullPage: true });
  // with a run, its printout and the history open: the screen's fullest state
  await audit(page, 'jobs');
});
