import { BASE, expect, logIn, makeUser, test } from './fixtures';

interface Step {
  'Scenario Step': string;
  Prompt: string;
  'Correct Choice': string;
  Choices: string;
}

test('complete a scenario at 100% and see its checkmark after a reload', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30 }));
  await expect(page).toHaveURL(/\/home$/);
  const answers = (await (await page.request.get('/scenarioanswers.json', { headers: { origin: BASE } })).json()) as Record<string, Step[]>;
  const steps = answers['Immuno']!;
  expect(steps.length).toBeGreaterThanOrEqual(5);

  await page.getByRole('link', { name: /Clinical Scenarios/ }).click();
  await expect(page.getByRole('heading', { name: 'Clinical Scenarios' })).toBeVisible();
  for (const group of ['Airway/Respiratory', 'Cardiology', 'EMS Operations', 'Trauma', 'Medical'])
    await expect(page.getByRole('heading', { name: group })).toBeVisible();
  await page.getByRole('button', { name: /^Immuno/ }).click();

  // the first step answered wrong, then Reset starts over
  await expect(page.getByText(`Step 1 of ${steps.length}`)).toBeVisible();
  const wrong = steps[0]!.Choices.split(';')
    .map((c) => c.trim())
    .find((c) => c !== steps[0]!['Correct Choice'].trim())!;
  await page.getByRole('button', { name: wrong, exact: true }).click();
  const feedback = page.getByRole('dialog', { name: 'Not quite' });
  await expect(feedback).toBeVisible();
  await feedback.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Step 2 of ${steps.length}`)).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(`Step 1 of ${steps.length}`)).toBeVisible();

  for (const [i, step] of steps.entries()) {
    await expect(page.getByText(`Step ${i + 1} of ${steps.length}`)).toBeVisible();
    await page.getByRole('button', { name: step['Correct Choice'].trim(), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct' });
    await expect(dialog).toBeVisible();
    // Continue, or a click on the backdrop, advances
    if (i % 2 === 0) await dialog.getByRole('button', { name: 'Continue' }).click();
    else await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByText('100%', { exact: true })).toBeVisible();
  await expect(page.getByText('Your journey')).toBeVisible();
  await page.getByRole('button', { name: 'All Scenarios' }).click();
  await expect(page.getByRole('button', { name: /^Immuno/ }).getByLabel('Completed, best 100%')).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('completedScenarios'));
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/events?featureType=scenario&actionType=scenario_complete')).json()) as {
            events: unknown[];
          }
        ).events.length,
    )
    .toBe(1);
  await page.reload();
  await expect(page.getByRole('button', { name: /^Immuno/ }).getByLabel('Completed, best 100%')).toBeVisible();

  // opening it again says so, for 3 seconds
  await page.getByRole('button', { name: /^Immuno/ }).click();
  await expect(page.getByText('Already completed · best 100%')).toBeVisible();
  await expect(page.getByText('Already completed · best 100%')).toBeHidden({ timeout: 6000 });
});
