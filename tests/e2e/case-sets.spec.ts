import { answerAnything } from './answer';
import { expect, logIn, seedQuestionSession, test } from './fixtures';

// A case set in practice is sent as the student reaches it (docs/decisions/082): a later item's stem or update would answer
// an earlier one, so it comes with the answer to the item before it, and the quiz shows it in place.
test.describe('case sets in practice', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const mode of ['tutor', 'timed'] as const) {
    test(
      `${mode}: a case's next question arrives with the answer to the one before, in its place`,
      { tag: '@desktop' },
      async ({ page, student }) => {
        const seeded = await seedQuestionSession(student.email, 'EMT', mode, { caseFirst: true, perType: 1 });
        const total = seeded.items.length;
        const [first, second] = seeded.items;
        await logIn(page, student, '/questions');
        await page.getByRole('link', { name: 'Continue' }).click();

        // the case's first item, counted against the whole session; the second is not on the page, nor in the data
        await expect(page.getByRole('heading', { name: `Question 1 of ${total}` })).toBeVisible();
        await expect(page.getByText(/^Case: /)).toBeVisible();
        await expect(page.getByText(first!.stem, { exact: true })).toBeVisible();
        const session = (await (await page.request.get('/api/questions/sessions/current')).json()) as {
          session: { items: { key: string }[] };
        };
        expect(session.session.items.map((i) => i.key)).not.toContain(second!.key);

        await answerAnything(page);
        await page.getByRole('button', { name: mode === 'tutor' ? 'Submit' : 'Submit', exact: true }).click();
        if (mode === 'tutor') {
          await expect(page.getByRole('heading', { name: /^(Correct|Incorrect)$/ })).toBeVisible();
          await page.getByRole('button', { name: 'Next question' }).click();
        }
        // the second item of the case, right after the first, with the case's update
        await expect(page.getByRole('heading', { name: `Question 2 of ${total}` })).toBeVisible();
        await expect(page.getByText(second!.stem, { exact: true }).first()).toBeVisible();
        await expect(page.getByText(/^Case: /)).toBeVisible();
        await expect(page.getByText(`1 of ${total} answered`)).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`case-${mode}.png`), fullPage: true });
      },
    );
  }
});
