import { expect, logIn, makeUser, test } from './fixtures';

test('a student reports their NREMT result from /progress, with a field error first', async ({ page, student }) => {
  await logIn(page, student, '/progress');
  const section = page.getByRole('region', { name: 'How did your NREMT exam go?' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Save result' }).click();
  await expect(section.getByLabel('Date of the exam')).toHaveAccessibleDescription('Enter the date of your exam');
  await section.getByLabel('Date of the exam').fill('2026-11-20');
  await section.getByText('Passed', { exact: true }).click();
  await section.getByLabel('Attempt').selectOption('2');
  await section.getByRole('button', { name: 'Save result' }).click();
  await expect(section.getByText('Thank you: your result is saved.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Your NREMT results' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('EMT · Passed');
  await expect(list).toContainText('2nd attempt');
  // it is still there after a reload: stored on the server
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your NREMT results' }).getByRole('listitem')).toHaveCount(1);
});

test('an administrator checks a CSV, sees the row in error, fixes it and imports', { tag: '@desktop' }, async ({ page, student }) => {
  const admin = await makeUser({ role: 'admin', activeDays: 30 });
  await logIn(page, admin, '/admin/nremt-results');
  await expect(page.getByRole('heading', { name: 'NREMT Results' })).toBeVisible();
  const rows = page.getByLabel('Or paste the rows');
  await rows.fill(`email,level,date,result,attempt\n${student.email},EMT,2026-11-20,passed,1\nnobody@example.com,EMT,2026-11-20,passed,1`);
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText(/2 rows: 1 new, 0 already recorded, 1 with problems/);
  await expect(page.getByText('No MedicPrep account has this e-mail address')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await rows.fill(`email,level,date,result,attempt\n${student.email},EMT,2026-11-20,passed,1`);
  await page.getByRole('button', { name: 'Check the rows' }).click();
  await page.getByRole('button', { name: 'Import 1 result' }).click();
  await expect(page.getByText('1 result imported.')).toBeVisible();
  await expect(page.getByRole('region', { name: /Reported results/ })).toContainText(student.email);
});
