import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos } from '../../src/server/db/schema';
import type { Video } from '../../src/shared/videos';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('videos API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
    // The shipped library has no EMT-only video: add one for the course-level rules.
    await s.deps.database.db.insert(videos).values({
      key: 'vid-test-emt-only',
      title: 'EMT Only: Splinting a Long Bone',
      category: 'Trauma',
      duration: '2:30',
      videoUrl: 'https://www.youtube-nocookie.com/embed/abcdefghijk',
      thumbnailUrl: '/media/videos/vid-adult-cpr-quality.jpg',
      courseLevel: 'EMT',
    });
  });
  afterAll(async () => {
    await s?.deps.database.db.delete(videos).where(like(videos.key, 'vid-test-%'));
    await s?.close();
  });

  const list = async (cookie: string) => {
    const res = await s.request('/api/videos', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { courseLevel: string; videos: Video[] };
  };

  it('answers 401 to a visitor and 403 to a student without an active subscription', async () => {
    const anonymous = await s.request('/api/videos');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('UNAUTHENTICATED');
    const unsubscribed = await signedInUser(s);
    const res = await s.request('/api/videos', { cookie: unsubscribed.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: expect.any(String) });
    const lapsed = await signedInUser(s, { activeDays: 30 });
    await s.deps.database.db
      .update(users)
      .set({ expirationDate: new Date(Date.now() - 60_000) })
      .where(eq(users.id, lapsed.id));
    expect((await s.request('/api/videos', { cookie: lapsed.cookie })).status).toBe(403);
  });

  it('lists videos ordered by id with the fields of the specification', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const body = await list(u.cookie);
    expect(body.courseLevel).toBe('Both');
    const ids = body.videos.map((v) => v.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const cpr = body.videos.find((v) => v.title === 'High-Quality Adult CPR');
    expect(cpr).toMatchObject({
      category: 'Cardiology',
      duration: '1:08',
      videoUrl: '/media/videos/vid-adult-cpr-quality.mp4',
      thumbnailUrl: '/media/videos/vid-adult-cpr-quality.jpg',
      courseLevel: 'Both',
      key: 'vid-adult-cpr-quality',
    });
    expect(Object.keys(cpr!).sort()).toEqual([
      'category',
      'courseLevel',
      'description',
      'duration',
      'id',
      // the content key a bookmark names (decision 102)
      'key',
      'thumbnailUrl',
      'title',
      'videoUrl',
    ]);
  });

  it('shows Both videos to everyone and the others only to their level (a Both student sees all)', async () => {
    const all = await s.deps.database.db.select({ title: videos.title, level: videos.courseLevel }).from(videos);
    const titles = (level: string) =>
      all
        .filter((v) => v.level === level || v.level === 'Both')
        .map((v) => v.title)
        .sort();
    expect(all.some((v) => v.level === 'Paramedic')).toBe(true);

    const paramedic = await list((await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' })).cookie);
    expect(paramedic.videos.map((v) => v.title).sort()).toEqual(titles('Paramedic'));
    expect(paramedic.videos.some((v) => v.courseLevel === 'EMT')).toBe(false);

    const emt = await list((await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' })).cookie);
    expect(emt.videos.map((v) => v.title).sort()).toEqual(titles('EMT'));
    expect(emt.videos.map((v) => v.title)).toContain('EMT Only: Splinting a Long Bone');
    expect(emt.videos.some((v) => v.courseLevel === 'Paramedic')).toBe(false);

    const both = await list((await signedInUser(s, { activeDays: 30, courseLevel: 'Both' })).cookie);
    expect(both.videos).toHaveLength(all.length);
  });
});
