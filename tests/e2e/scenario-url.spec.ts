import { BASE, expect, logIn, makeUser, test } from './fixtures';

// Decision 061: a scenario has its own address; the steps answered survive back, forward and a
// reload; one Back.

interface Step {
  'Scenario Step': string;
  'Correct Choice': string;
  Choices: string;
}

test('a scenario keeps its answered steps across browser back, forward and reload', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30 }));
  await expect(page).toHaveURL(/\/home$/);
  const answers = (await (await page.request.get('/scenarioanswers.json', { headers: { origin: BASE } })).json()) as Record<string, Step[]>;
  const steps = answers['Immuno']!;
  const n = steps.length;
  const wrongOf = (s: Step) =>
    s.Choices.split(';')
      .map((c) => c.trim())
      .find((c) => c !== s['Correct Choice'].trim())!;

  await page.goto('/scenarios');
  await page.getByRole('button', { name: /^Immuno/ }).click();
  await expect(page).toHaveURL(/\/scenarios\/immuno$/);
  await expect(page.getByText(`Step 1 of ${n}`)).toBeVisible();
  // one Back on the screen
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(1);

  // step 1 right, step 2 wrong
  await page.getByRole('button', { name: steps[0]!['Correct Choice'].trim(), exact: true }).click();
  await page.getByRole('dialog', { name: 'Correct' }).getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: wrongOf(steps[1]!), exact: true }).click();
  await page.getByRole('dialog', { name: 'Not quite' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Step 3 of ${n}`)).toBeVisible();

  // the browser's back goes to the menu; forward returns to step 3
  await page.goBack();
  await expect(page).toHaveURL(/\/scenarios$/);
  await expect(page.getByRole('button', { name: 'Pick Random Scenario' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/scenarios\/immuno$/);
  await expect(page.getByText(`Step 3 of ${n}`)).toBeVisible();

  // a reload keeps it too, with an answer given and its feedback still open
  await page.getByRole('button', { name: steps[2]!['Correct Choice'].trim(), exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Correct' })).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Step 3 of ${n}`)).toBeVisible();
  await page.getByRole('dialog', { name: 'Correct' }).getByRole('button', { name: 'Continue' }).click();
  for (let i = 3; i < n; i++) {
    await expect(page.getByText(`Step ${i + 1} of ${n}`)).toBeVisible();
    await page.getByRole('button', { name: steps[i]!['Correct Choice'].trim(), exact: true }).click();
    await page.getByRole('dialog', { name: 'Correct' }).getByRole('button', { name: 'Continue' }).click();
  }
  // the completion counts the steps answered before back, forward and reload: one wrong
  const percent = Math.round(((n - 1) / n) * 100);
  await expect(page.getByText(`${percent}%`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${n - 1} of ${n} steps correct`)).toBeVisible();

  // Back from the completion returns to the menu, which shows the best score
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/scenarios$/);
  await expect(page.getByRole('button', { name: /^Immuno/ }).getByLabel(`Best ${percent}%`)).toBeVisible();
});
