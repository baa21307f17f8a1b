import type { DragDropScenariosResponse } from '../../src/shared/drag-drop';
import type { SortingQuestion } from '../../src/shared/sorting';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

// Decision 061: drag-and-drop and sorting results say why, from the rationale the content gives.

const HYPOGLYCEMIA = 22; // content/drag-drop/scenarios.json: dd-emt-hypoglycemia-oral-glucose
const BURN_DEPTH = 18; // content/sorting/questions.json: sort-burn-depth

test('the drag-and-drop results give the rationale of each therapy to review', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'EMT' }));
  await expect(page).toHaveURL(/\/home$/);
  const { scenarios } = (await (
    await page.request.get('/api/drag-drop/scenarios', { headers: { origin: BASE } })
  ).json()) as DragDropScenariosResponse;
  const scenario = scenarios.find((s) => s.scenarioId === HYPOGLYCEMIA)!;
  expect(scenario.therapies.every((t) => (t.rationale ?? '').length > 20)).toBe(true);

  await page.goto('/draganddrop');
  const overlay = page.getByRole('dialog');
  await expect(overlay).toBeVisible();
  // the order is shuffled: skip ahead to the hypoglycemia case
  for (let i = 0; i < 12; i++) {
    if (Number(await page.locator('main[data-scenario-id]').getAttribute('data-scenario-id')) === HYPOGLYCEMIA) break;
    const at = await page.locator('main[data-scenario-id]').getAttribute('data-scenario-id');
    await overlay.getByRole('button', { name: /Next Scenario|Continue Studying/ }).click();
    await expect(page.locator('main[data-scenario-id]')).not.toHaveAttribute('data-scenario-id', at!);
  }
  await expect(page.locator('main[data-scenario-id]')).toHaveAttribute('data-scenario-id', String(HYPOGLYCEMIA));
  await overlay.getByRole('button', { name: 'Start' }).click();
  // every therapy into Indicated: the three not indicated are wrong
  for (const t of scenario.therapies) await page.getByRole('button', { name: `Place ${t.therapyName} in Indicated` }).click();
  await page.getByRole('button', { name: 'Check Answers' }).click();
  const results = page.getByRole('dialog');
  await expect(results.getByTestId('result-score')).toHaveText(`3 / 6 correct`);
  const missed = scenario.therapies.filter((t) => !t.indicated);
  for (const t of missed) {
    const entry = results.getByRole('listitem').filter({ hasText: t.therapyName });
    await expect(entry).toContainText('Belongs in Not Indicated');
    await expect(entry).toContainText(t.rationale!);
  }
});

test('the sorting results give the rationale of every item', async ({ page }) => {
  await logIn(page, await makeUser({ activeDays: 30, courseLevel: 'EMT' }));
  await expect(page).toHaveURL(/\/home$/);
  const { questions } = (await (await page.request.get('/api/sorting/questions')).json()) as { questions: SortingQuestion[] };
  const burns = questions.find((q) => q.questionId === BURN_DEPTH)!;
  expect(burns.items.every((i) => (i.rationale ?? '').length > 20)).toBe(true);

  await page.goto('/sorting');
  const shown = page.locator('#sorting-question');
  await expect(shown).toBeVisible();
  const answer = async (q: SortingQuestion, wrongKey?: string) => {
    for (const item of q.items) {
      const choice = item.itemKey === wrongKey ? q.categories.find((c) => c !== item.correctAnswer)! : item.correctAnswer;
      await page
        .locator(`[data-item="${item.itemKey}"]`)
        .getByRole('radio', { name: `${item.medication}: ${choice}` })
        .check();
    }
    await page.getByRole('button', { name: 'Submit Answer' }).click();
  };
  // the order is shuffled: answer the others until the burn question is shown
  for (let i = 0; i < questions.length && (await shown.textContent()) !== burns.questionText; i++) {
    const text = await shown.textContent();
    const q = questions.find((x) => x.questionText === text)!;
    await answer(q);
    await page.getByRole('button', { name: 'Next Question' }).click();
    await expect(shown).not.toHaveText(q.questionText);
  }
  await expect(shown).toHaveText(burns.questionText);
  await answer(burns, 'sunburn');
  await expect(page.getByRole('heading', { name: 'Incorrect: no credit' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Incorrect: no credit' });
  for (const item of burns.items)
    await expect(results.getByRole('listitem').filter({ hasText: item.medication })).toContainText(item.rationale!);
});
