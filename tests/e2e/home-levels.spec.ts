import { expect, logIn, makeUser, test } from './fixtures';

// Decision 107: an EMT student whose level was set when the account was created is not asked "Which exam are you
// preparing for?", and the courses carousel offers them no Paramedic course.

test('an EMT student made with their level: no course-level question, and only EMT courses in the carousel @desktop', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'EMT' }));
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Study', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Which exam are you preparing for?' })).toHaveCount(0);
  const carousel = page.getByRole('region', { name: 'Courses and study guide' }).last();
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByText('NREMT EMT Cognitive Review')).toBeVisible();
  for (const title of ['NREMT Paramedic Cognitive Review', 'Pharmacology for Paramedics', '12-Lead ECG Mastery'])
    await expect(carousel.getByText(title)).toHaveCount(0);
  await expect(carousel.getByText('EMT Exam Crash Course')).toHaveCount(1);
  await page.screenshot({ path: `test-results/home-levels-emt-${test.info().project.name}.png`, fullPage: true });
});
