import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DragDropScenariosResponse } from '../../src/shared/drag-drop';
import { dragDropScenarios, users } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

interface ContentScenario {
  scenario_id: number;
  course_level: 'Paramedic' | 'EMT';
  scenario: string;
  therapies: { therapy_key: string; therapy_name: string; indicated: boolean; rationale?: string }[];
}
const content = JSON.parse(readFileSync('content/drag-drop/scenarios.json', 'utf8')) as ContentScenario[];
const idsOf = (level?: 'Paramedic' | 'EMT') =>
  content
    .filter((s) => !level || s.course_level === level)
    .map((s) => s.scenario_id)
    .sort((a, b) => a - b);

describe.each(testDatabases())('drag-drop API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());
  beforeEach(async () => s.reset());

  const scenarios = async (cookie: string) => {
    const res = await s.request('/api/drag-drop/scenarios', { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DragDropScenariosResponse;
  };

  it('answers 401 to anonymous callers and 403 to students without an active subscription', async () => {
    const anonymous = await s.request('/api/drag-drop/scenarios');
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.code).toBe('UNAUTHENTICATED');

    const unsubscribed = await signedInUser(s);
    const refused = await s.request('/api/drag-drop/scenarios', { cookie: unsubscribed.cookie });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED', message: expect.stringMatching(/subscription/i) });

    const lapsed = await signedInUser(s, { activeDays: 30 });
    await s.deps.database.db
      .update(users)
      .set({ expirationDate: new Date(Date.now() - 60_000) })
      .where(eq(users.id, lapsed.id));
    expect((await s.request('/api/drag-drop/scenarios', { cookie: lapsed.cookie })).status).toBe(403);
  });

  it('serves only the scenarios of the student’s course level; Both sees both', async () => {
    const paramedic = await scenarios((await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' })).cookie);
    expect(paramedic.scenarios.map((x) => x.scenarioId)).toEqual(idsOf('Paramedic'));
    expect(paramedic.scenarios.every((x) => x.courseLevel === 'Paramedic')).toBe(true);

    const emt = await scenarios((await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' })).cookie);
    expect(emt.scenarios.map((x) => x.scenarioId)).toEqual(idsOf('EMT'));
    expect(emt.scenarios.every((x) => x.courseLevel === 'EMT')).toBe(true);

    const both = await scenarios((await signedInUser(s, { activeDays: 30, courseLevel: 'Both' })).cookie);
    expect(both.scenarios.map((x) => x.scenarioId)).toEqual(idsOf());
    expect(both.scenarios).toHaveLength(27);
  });

  it('shapes a scenario as its text, therapies with their answers, and the content version', async () => {
    const body = await scenarios((await signedInUser(s, { activeDays: 30, courseLevel: 'Both' })).cookie);
    expect(Object.keys(body).sort()).toEqual(['contentVersion', 'scenarios']);
    expect(body.contentVersion).toEqual(expect.any(String));
    for (const sc of body.scenarios) {
      expect(Object.keys(sc).sort()).toEqual(['courseLevel', 'reference', 'scenario', 'scenarioId', 'therapies']);
      const file = content.find((c) => c.scenario_id === sc.scenarioId)!;
      expect(sc.scenario).toBe(file.scenario);
      // a therapy's rationale is carried when the content has one, null while it is still to be written
      expect(sc.therapies).toEqual(
        file.therapies.map((t) => ({
          therapyKey: t.therapy_key,
          therapyName: t.therapy_name,
          indicated: t.indicated,
          rationale: t.rationale ?? null,
        })),
      );
      expect(sc.therapies.some((t) => t.indicated) && sc.therapies.some((t) => !t.indicated)).toBe(true);
    }
  });

  it('takes a scenario’s text from the first row that has one', async () => {
    const db = s.deps.database.db;
    const row = { scenarioId: 9001, therapyName: 'Test therapy', courseLevel: 'EMT', reference: null };
    await db.insert(dragDropScenarios).values([
      { ...row, scenario: '', therapyKey: 'a', indicated: true },
      { ...row, scenario: 'The real case text', therapyKey: 'b', indicated: false },
      { ...row, scenario: 'A later text', therapyKey: 'c', indicated: true },
    ]);
    try {
      const body = await scenarios((await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' })).cookie);
      const added = body.scenarios.find((x) => x.scenarioId === 9001)!;
      expect(added.scenario).toBe('The real case text');
      expect(added.therapies.map((t) => t.therapyKey)).toEqual(['a', 'b', 'c']);
    } finally {
      await db.execute(sql`delete from drag_drop_scenarios where scenario_id = 9001`);
    }
  });
});
