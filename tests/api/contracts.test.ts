// The API's contracts (src/shared/contracts) checked against what the server really sends: each response is parsed with the
// shared schema in strict mode, so a field the client expects but the server stopped sending — or a date sent as an object —
// fails here rather than on a student's screen. Every contract in src/shared/contracts has a case in this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponse } from '../../src/shared/contracts/profile';
import { reviewAnswerResponse, reviewQueueResponse, reviewSettingsResponse, reviewStatsResponse } from '../../src/shared/contracts/review';
import { signedInUser, startTestServer, type TestServer } from '../helpers/test-server';

describe('API responses match the shared contracts', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('profile: GET and PATCH /api/profile', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const read = await s.request('/api/profile', { cookie: u.cookie });
    expect(profileResponse.parse(await read.json()).profile.email).toBe(u.email);
    const saved = await s.request('/api/profile', { method: 'PATCH', cookie: u.cookie, json: { firstName: 'Ana', lastName: 'Ruiz' } });
    expect(profileResponse.parse(await saved.json()).profile).toMatchObject({ firstName: 'Ana', lastName: 'Ruiz' });
  });

  it('review: GET /queue, POST /answers, GET and PUT /settings, GET /stats', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const queue = reviewQueueResponse.parse(await (await s.request('/api/review/queue', { cookie: u.cookie })).json());
    const item = queue.new[0]!;
    const answer = await s.request('/api/review/answers', {
      method: 'POST',
      cookie: u.cookie,
      json: { kind: 'flashcard', key: item.key, grade: 'again', clientId: crypto.randomUUID() },
    });
    expect(reviewAnswerResponse.parse(await answer.json()).card.state).toBe(1);
    const settings = reviewSettingsResponse.parse(await (await s.request('/api/review/settings', { cookie: u.cookie })).json());
    const saved = await s.request('/api/review/settings', {
      method: 'PUT',
      cookie: u.cookie,
      json: { ...settings.settings, newPerDay: 7 },
    });
    expect(reviewSettingsResponse.parse(await saved.json()).settings.newPerDay).toBe(7);
    const stats = reviewStatsResponse.parse(await (await s.request('/api/review/stats', { cookie: u.cookie })).json());
    expect(stats.dueToday).toBe(1);
  });
});
