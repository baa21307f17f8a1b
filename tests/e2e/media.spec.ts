import type { Page } from '@playwright/test';
import { BASE, expect, logIn, makeUser, test } from './fixtures';

/** Does an <img> in the page load this address (with the page's own cookies)? */
const imageLoads = (page: Page, src: string) =>
  page.evaluate(
    (url) =>
      new Promise<boolean>((resolve) => {
        const img = new Image();
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = url;
      }),
    src,
  );

test.describe('study media', () => {
  test('EKG strips and Paramedic clips load for a Paramedic subscriber, not for an EMT student or a visitor', async ({ page, browser }) => {
    const paramedic = await makeUser({ activeDays: 30, courseLevel: 'Paramedic' });
    await logIn(page, paramedic);
    await expect(page).toHaveURL(/\/home$/);
    expect(await imageLoads(page, '/media/ekg/atrial-fibrillation.svg')).toBe(true);
    expect(await imageLoads(page, '/media/videos/vid-rhythm-strip-5-steps.jpg')).toBe(true);
    const clip = await page.evaluate(async () => {
      const res = await fetch('/media/videos/vid-rhythm-strip-5-steps.mp4', { headers: { range: 'bytes=0-99' } });
      return { status: res.status, type: res.headers.get('content-type'), length: (await res.arrayBuffer()).byteLength };
    });
    expect(clip).toEqual({ status: 206, type: 'video/mp4', length: 100 });

    const emtContext = await browser.newContext();
    const emtPage = await emtContext.newPage();
    const emt = await makeUser({ activeDays: 30, courseLevel: 'EMT' });
    await logIn(emtPage, emt);
    await expect(emtPage).toHaveURL(/\/home$/);
    expect(await imageLoads(emtPage, '/media/ekg/atrial-fibrillation.svg')).toBe(false);
    expect(await emtPage.evaluate(async () => (await fetch('/media/videos/vid-rhythm-strip-5-steps.mp4')).status)).toBe(403);
    expect(await imageLoads(emtPage, '/media/videos/vid-adult-cpr-quality.jpg')).toBe(true);
    await emtContext.close();

    const visitor = await browser.newContext();
    const anonymous = await visitor.request.get(`${BASE}/media/videos/vid-adult-cpr-quality.mp4`);
    expect(anonymous.status()).toBe(401);
    const old = await visitor.request.get(`${BASE}/content/videos/vid-adult-cpr-quality.mp4`);
    expect(old.status()).toBe(404);
    expect(old.headers()['content-type']).not.toContain('video');
    expect((await visitor.request.get(`${BASE}/content/badges/streak-7-paramedic.svg`)).status()).toBe(200);
    await visitor.close();
  });
});
