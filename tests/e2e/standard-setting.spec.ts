import type { Page } from '@playwright/test';
import { audit } from './axe';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

// Standard setting (decision 109): an administrator makes a panelist on the users screen, creates a study, invites the
// panelist and themself, opens round 1; the panelist rates items on the phone-first rating screen (a few by hand, the rest
// through the API to keep the story short); round 2 shows the panel's spread and the impact and the panelist revises; the
// administrator closes the study, reads the cut ± SE and adopts it after a confirmation. @desktop: both sizes.

const ratingsLeft = async (page: Page, studyId: string, round: 1 | 2, value: (i: number) => number) => {
  const study = await (await page.request.get(`/api/standard-setting/studies/${studyId}`)).json();
  for (const [i, it] of (study.items as { key: string; mine: { round1: number | null; round2: number | null } }[]).entries()) {
    if ((round === 1 ? it.mine.round1 : it.mine.round2) !== null) continue;
    const res = await page.request.put(`/api/standard-setting/studies/${studyId}/ratings/${it.key}`, {
      headers: { origin: BASE },
      data: { value: value(i) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
};

test('a panel sets the standard over two rounds and an administrator adopts it @desktop', async ({ page, browser }, info) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const admin = await makeUser({ role: 'admin', activeDays: 30 });
  const educator = await makeUser({ activeDays: 30, firstName: `Panel${stamp}` });
  // Paramedic: the readiness browser test reads the EMT default standard in the same run
  const title = `Paramedic panel ${stamp}`;

  // the administrator makes the educator a panelist
  await logIn(page, admin, '/admin/users');
  await page.getByLabel('Search users').fill(educator.email);
  const card = page.getByRole('listitem').filter({ hasText: educator.email });
  await card.getByRole('button', { name: new RegExp(educator.firstName) }).click();
  await card.getByRole('button', { name: 'Make Panelist' }).click();
  await expect(page.getByText('Role updated to panelist')).toBeVisible();

  // creates a study of 60 Paramedic items, invites the panel and opens round 1
  await page.goto('/admin/standards');
  await page.getByLabel('Title').fill(title);
  await page.getByText('Paramedic', { exact: true }).click();
  await page.getByLabel('Items').fill('60');
  await page.getByRole('button', { name: 'Create Study' }).click();
  await expect(page.getByText(`Study “${title}” created with 60 items.`)).toBeVisible();
  const study = page.locator('li', { has: page.getByRole('heading', { name: title }) });
  await expect(study.getByText('Draft')).toBeVisible();
  for (const email of [educator.email, admin.email]) {
    await study.getByLabel('Invite a panelist').fill(email);
    await study.getByRole('button', { name: 'Invite' }).click();
    await expect(study.getByLabel(`Progress of ${email}`)).toHaveText('Round 1: 0 of 60');
  }
  await study.getByRole('button', { name: 'Open Round 1' }).click();
  await expect(page.getByText('Round 1 is open: panelists can rate.')).toBeVisible();
  await expect(study.getByText('Round 1 open')).toBeVisible();

  // the panelist finds the study from the profile menu and rates, keyboard first
  // a context of its own (axe audits a page of a context, not of browser.newPage)
  const panelist = await browser.newContext({ baseURL: BASE, viewport: page.viewportSize() ?? undefined });
  const p = await panelist.newPage();
  await logIn(p, educator, '/home');
  await p.getByRole('button', { name: 'Open profile menu' }).click();
  await p.getByRole('menuitem', { name: 'Standard Setting' }).click();
  await p.getByRole('link', { name: new RegExp(title) }).click();
  await expect(p.getByTestId('rating-progress')).toHaveText('0 of 60 rated');
  await expect(p.getByText('Of 100 minimally competent entry-level paramedics, how many answer it right?')).toBeVisible();
  await expect(p.getByText('Item 1 of 60')).toBeVisible();
  await expect(p.locator('[data-keyed="true"]').first()).toBeVisible();
  const rating = p.getByLabel(/Your rating, 0 to 100/);
  await expect(rating).toBeFocused();
  await rating.fill('150');
  await rating.press('Enter');
  await expect(p.getByText('Enter a whole number from 0 to 100')).toBeVisible();
  for (const [i, v] of ['70', '55', '80'].entries()) {
    await rating.fill(v);
    await rating.press('Enter');
    await expect(p.getByTestId('rating-progress')).toHaveText(`${i + 1} of 60 rated`);
    await expect(p.getByText(`Item ${i + 2} of 60`)).toBeVisible();
  }
  // back to the first: its rating was saved
  for (let i = 0; i < 3; i++) await p.getByRole('button', { name: 'Previous' }).click();
  await expect(p.getByText('Item 1 of 60')).toBeVisible();
  await expect(rating).toHaveValue('70');
  await p.screenshot({ path: info.outputPath(`rating-round1-${info.project.name}.png`), fullPage: true });

  // the rest of round 1 through the API: the panelist's and the administrator's own
  const studyId = new URL(p.url()).pathname.split('/').pop()!;
  await ratingsLeft(p, studyId, 1, (i) => 40 + ((i * 13) % 50));
  await ratingsLeft(page, studyId, 1, (i) => 50 + ((i * 7) % 40));
  await page.reload();
  await expect(study.getByLabel(`Progress of ${educator.email}`)).toHaveText('Round 1: 60 of 60');
  await study.getByRole('button', { name: 'Open Round 2' }).click();
  await expect(page.getByText('Round 2 is open')).toBeVisible();

  // round 2: the panel's round-1 ratings of the item and the round-1 cut with its impact; the panelist revises one
  await p.reload();
  await expect(p.getByRole('heading', { name: 'The panel after round 1' })).toBeVisible();
  await expect(p.getByTestId('rating-progress')).toHaveText('0 of 60 rated');
  await expect(p.getByTestId('panel-spread')).toContainText('2 panelists');
  await expect(rating).toHaveValue('70');
  await rating.fill('62');
  await rating.press('Enter');
  await expect(p.getByTestId('rating-progress')).toHaveText('1 of 60 rated');
  await p.screenshot({ path: info.outputPath(`rating-round2-${info.project.name}.png`), fullPage: true });
  await p.screenshot({ path: info.outputPath(`rating-round2-viewport-${info.project.name}.png`) });
  await audit(p, 'rating screen, round 2');

  // closes, reads the results and adopts after confirming
  await page.reload();
  await expect(study.getByLabel(`Progress of ${educator.email}`)).toHaveText('Round 1: 60 of 60 · Round 2: 1 of 60');
  await study.getByRole('button', { name: 'Close Study' }).click();
  await expect(page.getByText('The study is closed')).toBeVisible();
  await expect(study.getByTestId('cut-round-1')).toHaveText(/^-?\d+\.\d\d ± \d+\.\d\d$/);
  await expect(study.getByTestId('cut-round-2')).toHaveText(/^-?\d+\.\d\d ± \d+\.\d\d$/);
  await page.screenshot({ path: info.outputPath(`standards-results-${info.project.name}.png`), fullPage: true });
  await audit(page, '/admin/standards with results');
  await study.getByRole('button', { name: 'Adopt Standard' }).click();
  const confirm = page.getByRole('dialog', { name: 'Adopt this standard?' });
  await expect(confirm).toContainText('becomes the Paramedic passing standard');
  await confirm.getByRole('button', { name: 'Adopt Standard' }).click();
  await expect(page.getByText('Adopted: every exam begun from now on is scored against this standard.')).toBeVisible();
  await expect(study.getByText('Adopted', { exact: true })).toBeVisible();
  await page.screenshot({ path: info.outputPath(`standards-adopted-${info.project.name}.png`), fullPage: true });
  await panelist.close();
});
