import { expect, logIn, makeUser, test } from './fixtures';

// Decision 107: scenarios carry a level. An EMT student's menu holds the EMT library in every group and
// no Paramedic scenario; a Paramedic scenario's address says it is not part of their course level.

test('an EMT student sees only EMT scenarios, and a Paramedic scenario by its address is refused @desktop', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'EMT' }));
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/scenarios');
  await expect(page.getByRole('button', { name: 'Pick Random Scenario' })).toBeVisible();
  for (const group of ['Airway/Respiratory', 'Cardiology', 'EMS Operations', 'Trauma', 'Medical'])
    await expect(page.getByRole('heading', { name: group, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^EMT Cardiology 1/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cardiology 2/ })).toHaveCount(0);
  await expect(page.getByText('of 15 scenarios completed at 100%')).toBeVisible();
  await page.screenshot({ path: `test-results/scenario-levels-menu-${test.info().project.name}.png`, fullPage: true });

  // an EMT scenario plays
  await page.getByRole('button', { name: /^EMT Immuno/ }).click();
  await expect(page).toHaveURL(/\/scenarios\/emt-immuno$/);
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await page.screenshot({ path: `test-results/scenario-levels-emt-step-${test.info().project.name}.png`, fullPage: true });

  // the Paramedic "Cardiology 2" (amiodarone, cardioversion) by its address
  await page.goto('/scenarios/cardiology-2');
  await expect(page.getByText('The Paramedic scenario is not part of your course level (EMT).')).toBeVisible();
  await expect(page.getByText('amiodarone', { exact: false })).toHaveCount(0);
  await page.screenshot({ path: `test-results/scenario-levels-refused-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole('link', { name: 'Your scenarios' }).click();
  await expect(page).toHaveURL(/\/scenarios$/);

  // changing the level in the profile changes the menu at once, without a reload
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await page.getByRole('radio', { name: 'Paramedic' }).check();
  await page.getByRole('button', { name: 'Save Course Level' }).click();
  await expect(page.getByText('Course level set to Paramedic.')).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await page.getByRole('link', { name: /Clinical Scenarios/ }).click();
  await expect(page.getByRole('button', { name: /^Cardiology 2/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^EMT Cardiology 1/ })).toHaveCount(0);
  await page.getByRole('button', { name: /^Cardiology 2/ }).click();
  await expect(page).toHaveURL(/\/scenarios\/cardiology-2$/);
  await expect(page.getByText(/Step 1 of \d+/)).toBeVisible();
});
