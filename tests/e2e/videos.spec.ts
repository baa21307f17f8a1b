import { expect, logIn, makeUser, test } from './fixtures';

test.describe('videos', () => {
  test(
    'the play badge sits in a corner of the thumbnail, clear of the title printed across its middle',
    { tag: '@desktop' },
    async ({ page }) => {
      const user = await makeUser({ activeDays: 30, courseLevel: 'Both' });
      await logIn(page, user);
      await expect(page).toHaveURL(/\/home$/);
      await page.goto('/videos');
      const card = page.getByRole('button', { name: /High-Quality Adult CPR/ });
      const thumb = await card.getByTestId('video-thumbnail').boundingBox();
      const badge = await card.getByTestId('video-play').boundingBox();
      if (!thumb || !badge) throw new Error('the card shows no thumbnail or no play badge');
      // the middle third of the thumbnail, where a video's own thumbnail prints its title, is not covered
      const middle = {
        left: thumb.x + thumb.width / 3,
        right: thumb.x + (2 * thumb.width) / 3,
        top: thumb.y + thumb.height / 3,
        bottom: thumb.y + (2 * thumb.height) / 3,
      };
      const overlaps =
        badge.x < middle.right && badge.x + badge.width > middle.left && badge.y < middle.bottom && badge.y + badge.height > middle.top;
      expect(overlaps).toBe(false);
    },
  );

  test('search, filter by category, play a video and close the player', { tag: '@desktop' }, async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'Both' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: /Video Library/ }).click();
    await expect(page).toHaveURL(/\/videos$/);
    await expect(page.getByRole('heading', { name: 'Video Training' })).toBeVisible();
    const count = page.getByTestId('video-count');
    await expect(count).toHaveText('10 video(s) available');

    // search matches the title or the category, whatever the case
    const search = page.getByLabel('Search videos');
    await search.fill('cpr');
    await expect(count).toHaveText('1 video(s) available');
    await expect(page.getByRole('button', { name: /High-Quality Adult CPR/ })).toBeVisible();
    await search.fill('CARDIOLOGY');
    await expect(count).toHaveText('2 video(s) available');
    await search.fill('no such lesson');
    await expect(count).toHaveText('0 video(s) available');
    await expect(page.getByText('No videos available')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText('10 video(s) available');

    const categories = page.getByRole('group', { name: 'Category' });
    await categories.getByRole('button', { name: 'Assessment' }).click();
    await expect(categories.getByRole('button', { name: 'Assessment' })).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('2 video(s) available');
    await expect(page.getByRole('button', { name: /Pediatric Assessment Triangle/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /High-Quality Adult CPR/ })).toHaveCount(0);
    await categories.getByRole('button', { name: 'Anatomy' }).click();
    await expect(count).toHaveText('1 video(s) available');

    // the player: a real, playable <video>, closed with the Close button
    await page.getByRole('button', { name: /Blood Flow Through the Heart/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Blood Flow Through the Heart' });
    await expect(dialog).toBeVisible();
    const video = dialog.locator('video');
    await expect(video).toHaveAttribute('src', '/media/videos/vid-heart-blood-flow.mp4');
    await expect(video).toHaveAttribute('controls', '');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBeGreaterThan(60);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // video_start and video_end reached the server
    for (const action of ['video_start', 'video_end']) {
      await expect
        .poll(
          async () =>
            ((await (await page.request.get(`/api/events?featureType=video&actionType=${action}`)).json()) as { events: unknown[] }).events
              .length,
          { timeout: 15_000 },
        )
        .toBe(1);
    }
  });

  test('an EMT student does not see Paramedic-only videos', async ({ page }) => {
    const user = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/videos');
    await expect(page.getByTestId('video-count')).toHaveText('7 video(s) available');
    await expect(page.getByRole('button', { name: /Reading a Rhythm Strip/ })).toHaveCount(0);
  });

  test('a load failure shows the six sample videos and the fixed categories; an empty library says so', async ({ page }) => {
    const user = await makeUser({ activeDays: 30 });
    await logIn(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.route('**/api/videos', (route) => route.abort());
    await page.goto('/videos');
    await expect(page.getByText('The video library could not be loaded, so these are sample videos.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('video-count')).toHaveText('6 video(s) available');
    await expect(page.getByRole('group', { name: 'Category' }).getByRole('button')).toHaveText([
      'All Categories',
      'Airway/Respiratory',
      'Anatomy',
      'Assessment',
      'Cardiology',
      'Medical',
      'Pharmacology',
      'Trauma',
    ]);
    await page.getByRole('button', { name: /Anaphylaxis/ }).click();
    await expect(page.getByRole('dialog').locator('video')).toHaveAttribute('src', '/media/videos/vid-anaphylaxis-epinephrine.mp4');
    await page.keyboard.press('Escape');

    await page.unroute('**/api/videos');
    await page.route('**/api/videos', (route) => route.fulfill({ json: { courseLevel: 'Paramedic', videos: [] } }));
    await page.reload();
    await expect(page.getByText('No videos available')).toBeVisible();
    await expect(page.getByTestId('video-count')).toHaveText('0 video(s) available');
  });
});
