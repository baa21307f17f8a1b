import { expect, logIn, makeUser, test } from './fixtures';

// /search (docs/decisions/101-search-full-text-and-trigram-terms.md): one box, results by kind, a tap opens the item.
test.describe('search', () => {
  test('search "adenosine" and open the card in its deck; a misspelt drug finds it', { tag: '@desktop' }, async ({ page }, info) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, user);
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'Search' })).toBeVisible();
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('adenosine');
    const cards = page.getByRole('region', { name: /Flash cards/ });
    const card = cards.getByRole('button', { name: /^Adenosine: class, indications/ });
    await expect(card).toBeVisible();
    await expect(card.locator('mark').first()).toHaveText(/adenosine/i);
    await page.screenshot({ path: info.outputPath(`search-${info.project.name}.png`), fullPage: true });

    await card.click();
    await expect(page).toHaveURL(/\/flashcards\?card=\d+$/);
    // the card leads its deck, front up, ready to flip
    await expect(page.getByRole('button', { name: /Question shown\. Press to show the answer\./ })).toContainText(
      'Adenosine: class, indications, contraindications',
    );

    // back on /search the search is among the recent ones, and can be cleared
    await page.goto('/search');
    await expect(page.getByRole('region', { name: 'Recent searches' }).getByRole('button', { name: 'adenosine' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill('amiodarne');
    await expect(page.getByText(/results? for “amiodarone”/)).toBeVisible();
    await expect(page.getByRole('region', { name: /Flash cards/ }).getByRole('button', { name: /^Amiodarone: class/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('epinephirne');
    await expect(page.getByText(/results? for “epinephrine”/)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill('adenosine xqzvbnmw');
    await expect(page.getByText('No results for “adenosine xqzvbnmw”.')).toBeVisible();
    await page.getByRole('button', { name: 'adenosine' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('adenosine');
    await expect(page.getByRole('region', { name: /Flash cards/ })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('adenosine xqzvbnmw');
    await page.screenshot({ path: info.outputPath(`search-empty-${info.project.name}.png`), fullPage: true });

    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('region', { name: 'Recent searches' })).toHaveCount(0);
  });

  test('a question result opens as a one-item practice', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, user);
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('adenosine');
    const questions = page.getByRole('region', { name: /Questions/ });
    await questions.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/questions\?session=/);
    await expect(page.getByText('0 of 1 answered')).toBeVisible();
  });

  test('a sorting result opens its own question first', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Glasgow Coma Scale component');
    const sorting = page.getByRole('region', { name: /Sorting/ });
    await sorting.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/sorting\?question=23$/);
    await expect(page.getByText('Sort each observation into the Glasgow Coma Scale component it scores.')).toBeVisible();
  });
});
