import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { rewriteLegacyMediaUrls } from '../../src/server/features/media/routes';
import { users, videos } from '../../src/server/db/schema';
import { cookiesFrom, signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/**
 * Study media (decision 027): videos and EKG strips are served only to a verified subscriber
 * whose course level includes the video or card naming the file, with ranges and caching headers.
 */
describe.each(testDatabases())('study media on %s', (kind) => {
  let s: TestServer;
  const both = '/media/videos/vid-adult-cpr-quality.mp4';
  const paramedicOnly = '/media/videos/vid-rhythm-strip-5-steps.mp4';
  const ekg = '/media/ekg/atrial-fibrillation.svg';
  const bytes = (url: string) => readFileSync(path.join('media', url.replace(/^\/media\//, '')));

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers 401 to a visitor, 403 to an unverified or unsubscribed student', async () => {
    const anonymous = await s.request(both);
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('UNAUTHENTICATED');
    expect((await s.request(ekg)).status).toBe(401);

    const unsubscribed = await signedInUser(s);
    const res = await s.request(both, { cookie: unsubscribed.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
    expect((await s.request(ekg, { cookie: unsubscribed.cookie })).status).toBe(403);

    const unverified = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    await s.deps.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
    expect((await s.request(both, { cookie: unverified.cookie })).status).toBe(403);

    const lapsed = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    await s.deps.database.db
      .update(users)
      .set({ expirationDate: new Date(Date.now() - 60_000) })
      .where(eq(users.id, lapsed.id));
    expect((await s.request(both, { cookie: lapsed.cookie })).status).toBe(403);
  });

  it('keeps Paramedic-only clips and EKG strips from an EMT student, and gives them the Both clips', async () => {
    const emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const clip = await s.request(paramedicOnly, { cookie: emt.cookie });
    expect(clip.status).toBe(403);
    expect((await clip.json()).error.code).toBe('LEVEL_NOT_AVAILABLE');
    expect((await s.request(paramedicOnly.replace('.mp4', '.jpg'), { cookie: emt.cookie })).status).toBe(403);
    expect((await s.request(ekg, { cookie: emt.cookie })).status).toBe(403);
    const ok = await s.request(both, { cookie: emt.cookie });
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(bytes(both))).toBe(true);
  });

  it('serves a subscribed Paramedic the file with its type, length, validators and private caching', async () => {
    const p = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const res = await s.request(paramedicOnly, { cookie: p.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(bytes(paramedicOnly).length));
    expect(res.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes(paramedicOnly))).toBe(true);
    const etag = res.headers.get('etag')!;
    const lastModified = res.headers.get('last-modified')!;
    expect(etag).toMatch(/^".+"$/);

    expect((await s.request(paramedicOnly, { cookie: p.cookie, headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await s.request(paramedicOnly, { cookie: p.cookie, headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expect((await s.request(paramedicOnly, { cookie: p.cookie, headers: { 'if-none-match': '"other"' } })).status).toBe(200);

    const strip = await s.request(ekg, { cookie: p.cookie });
    expect(strip.status).toBe(200);
    expect(strip.headers.get('content-type')).toBe('image/svg+xml');
    expect(Buffer.from(await strip.arrayBuffer()).equals(bytes(ekg))).toBe(true);
    const thumb = await s.request(paramedicOnly.replace('.mp4', '.jpg'), { cookie: p.cookie });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers ranges with 206 and the exact bytes, and 416 for a range outside the file', async () => {
    const p = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const whole = bytes(both);
    const res = await s.request(both, { cookie: p.cookie, headers: { range: 'bytes=100-1099' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await res.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);

    const open = await s.request(both, { cookie: p.cookie, headers: { range: `bytes=${whole.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(whole.subarray(whole.length - 10))).toBe(true);
    const suffix = await s.request(both, { cookie: p.cookie, headers: { range: 'bytes=-5' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(whole.subarray(whole.length - 5))).toBe(true);

    for (const range of [`bytes=${whole.length}-`, 'bytes=500-100', 'bytes=-0', 'bytes=x-y']) {
      const bad = await s.request(both, { cookie: p.cookie, headers: { range } });
      expect(bad.status, range).toBe(416);
      expect(bad.headers.get('content-range')).toBe(`bytes */${whole.length}`);
    }
  });

  it('answers 404 to traversal, unknown files and files no video or card names', async () => {
    const p = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    for (const url of [
      '/media/videos/..%2f..%2fpackage.json',
      '/media/videos/%2e%2e%2fekg%2fasystole.svg',
      '/media/ekg/..%2F..%2Fcontent%2Fvideos%2Fvideos.json',
      '/media/videos/..%5c..%5cpackage.json',
      '/media/../package.json',
      '/media/videos/nope.mp4',
      '/media/other/vid-adult-cpr-quality.mp4',
      '/media/videos/.hidden',
    ]) {
      const res = await s.request(url, { cookie: p.cookie });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toContain('application/json');
    }
  });

  it('rewrites rows seeded with the old public addresses', async () => {
    const db = s.deps.database.db;
    await db.update(videos).set({ videoUrl: '/content/videos/vid-heart-blood-flow.mp4' }).where(eq(videos.key, 'vid-heart-blood-flow'));
    await db.execute(sql`update flashcards set front_text = '/content/ekg/asystole.svg' where front_text = '/media/ekg/asystole.svg'`);
    await rewriteLegacyMediaUrls(db);
    const [v] = await db.select({ url: videos.videoUrl }).from(videos).where(eq(videos.key, 'vid-heart-blood-flow'));
    expect(v!.url).toBe('/media/videos/vid-heart-blood-flow.mp4');
    const old = await db.execute<{ n: number }>(sql`select count(*)::int as n from flashcards where front_text like '%/content/ekg/%'`);
    expect(old.rows[0]!.n).toBe(0);
  });
});

describe('old public addresses of study media', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    s = await startTestServer('pglite');
    // The client build is public/ copied verbatim plus the bundle (Vite): build the same here.
    dir = mkdtempSync(path.join(tmpdir(), 'medicprep-client-'));
    cpSync('public', dir, { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>MedicPrep</title>');
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await s?.close();
  });

  it('no longer serve the files, while public images stay public', async () => {
    expect(existsSync('public/content/videos')).toBe(false);
    expect(existsSync('public/content/ekg')).toBe(false);
    const app = createApp({ ...s.deps, clientDir: dir }, s.content);
    for (const url of [
      '/content/videos/vid-rhythm-strip-5-steps.mp4',
      '/content/videos/vid-adult-cpr-quality.jpg',
      '/content/ekg/asystole.svg',
    ]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).not.toMatch(/video|image/);
    }
    const badge = await app.request('/content/badges/streak-7-paramedic.svg');
    expect(badge.status).toBe(200);
    expect((await app.request('/robots.txt')).status).toBe(200);
    // a student signed in still gets the file only through /media
    const p = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const signIn = await app.request('/content/videos/vid-adult-cpr-quality.mp4', { headers: { cookie: p.cookie } });
    expect(signIn.status).toBe(404);
    expect(cookiesFrom(signIn)).toBe('');
  });
});
