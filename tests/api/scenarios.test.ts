import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarioAnswersResponse, scenarioMenuResponse, scenarioResponse } from '../../src/shared/contracts/scenarios';
import { searchResponse } from '../../src/shared/contracts/search';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

/** Scenarios carry a level and are filtered like the flashcard decks (decision 107). */
describe.each(testDatabases())('scenarios API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const student = (courseLevel: 'EMT' | 'Paramedic' | 'Both') => signedInUser(s, { activeDays: 30, courseLevel });
  const menu = async (cookie: string) => {
    const res = await s.request('/api/scenarios', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return scenarioMenuResponse.parse(await res.json()).groups.flatMap((g) => g.scenarios.map((x) => ({ ...x, group: g.group })));
  };
  const answers = async (cookie: string) =>
    scenarioAnswersResponse.parse(await (await s.request('/scenarioanswers.json', { cookie })).json());
  const ofLevel = (level: string) => s.content.scenarios.filter((x) => x.course_level === level);

  it('an EMT student lists only EMT scenarios, in every group of the menu, and gets only their steps', async () => {
    const u = await student('EMT');
    const list = await menu(u.cookie);
    expect(list.length).toBe(ofLevel('EMT').length);
    expect(list.every((x) => x.level === 'EMT')).toBe(true);
    expect(list.map((x) => x.key)).not.toContain(ofLevel('Paramedic')[0]!.key);
    const steps = await answers(u.cookie);
    expect(Object.keys(steps).sort()).toEqual(list.map((x) => x.name).sort());
  });

  it('a Paramedic student lists only the Paramedic library; a Both student both, Paramedic first in each group', async () => {
    const p = await menu((await student('Paramedic')).cookie);
    expect(p.map((x) => x.key).sort()).toEqual(
      ofLevel('Paramedic')
        .map((x) => x.key)
        .sort(),
    );
    const both = await menu((await student('Both')).cookie);
    expect(both).toHaveLength(s.content.scenarios.length);
    for (const group of new Set(both.map((x) => x.group))) {
      const levels = both.filter((x) => x.group === group).map((x) => x.level);
      expect(levels).toEqual([...levels].sort((a, b) => (a === b ? 0 : a === 'Paramedic' ? -1 : 1)));
    }
  });

  it('a scenario by URL: its steps for its level, the one level refusal for another level, 404 for none', async () => {
    const emt = await student('EMT');
    const mine = ofLevel('EMT')[0]!;
    const ok = await s.request(`/api/scenarios/${mine.key}`, { cookie: emt.cookie });
    expect(ok.status).toBe(200);
    const body = scenarioResponse.parse(await ok.json());
    expect(body).toMatchObject({ key: mine.key, name: mine.name, level: 'EMT' });
    expect(body.steps).toEqual(mine.steps);

    const paramedicOnly = ofLevel('Paramedic').find((x) => x.name === 'Cardiology 2')!;
    const refused = await s.request(`/api/scenarios/${paramedicOnly.key}`, { cookie: emt.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'LEVEL_NOT_AVAILABLE' } });

    const none = await s.request('/api/scenarios/no-such-scenario', { cookie: emt.cookie });
    expect(none.status).toBe(404);

    const para = await student('Paramedic');
    expect((await s.request(`/api/scenarios/${mine.key}`, { cookie: para.cookie })).status).toBe(403);
    expect((await s.request(`/api/scenarios/${paramedicOnly.key}`, { cookie: para.cookie })).status).toBe(200);
  });

  it("search finds the scenarios of the student's level only", async () => {
    const scenariosFound = async (courseLevel: 'EMT' | 'Paramedic', q: string) => {
      const res = await s.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: (await student(courseLevel)).cookie });
      expect(res.status).toBe(200);
      return searchResponse.parse(await res.json()).groups.find((g) => g.kind === 'scenario')?.hits ?? [];
    };
    const emt = await scenariosFound('EMT', 'naloxone');
    expect(emt.map((h) => h.id)).toContain('emt-tox');
    expect(emt.every((h) => h.level === 'EMT')).toBe(true);
    const paramedic = await scenariosFound('Paramedic', 'naloxone');
    expect(paramedic.every((h) => h.level === 'Paramedic')).toBe(true);
  });

  it("another level's scenario cannot be saved, and is not on /saved", async () => {
    const emt = await student('EMT');
    const other = ofLevel('Paramedic')[0]!;
    const res = await s.request(`/api/saved/scenario/${other.key}`, {
      method: 'PUT',
      cookie: emt.cookie,
      json: { saved: true, clientId: '6f1c1f1e-5555-4555-8555-555555555555' },
    });
    expect(res.status).toBe(404);
  });
});
