import { expect, logIn, makeUser, test } from './fixtures';

// The profile's review settings hold two desired retentions, the flashcards' and the questions' own (decision 091): each is
// saved apart and kept.
test("a student sets the questions' retention apart from the flashcards'", { tag: '@desktop' }, async ({ page }) => {
  const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
  await logIn(page, user, '/profile');
  const cards = page.getByLabel('Desired retention (flashcards)');
  const questions = page.getByLabel('Desired retention (questions)');
  await expect(cards).toHaveValue('0.9');
  await expect(questions).toHaveValue('0.9');
  await expect(questions).toHaveAccessibleDescription('For questions you missed or answered in practice: higher brings them back sooner.');
  await questions.selectOption('0.85');
  await page.getByRole('button', { name: 'Save review settings' }).click();
  await expect(page.getByText(/^Review settings saved\./)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Desired retention (questions)')).toHaveValue('0.85');
  await expect(page.getByLabel('Desired retention (flashcards)')).toHaveValue('0.9');
  await page.getByRole('heading', { name: 'Review (spaced repetition)' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('review-settings.png') });
});
