import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flashcards } from '../../src/server/db/schema';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

describe.each(testDatabases())('flashcards API on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => s?.close());

  const page = async (cookie: string, query: string) => {
    const res = await s.request(`/api/flashcards/page?${query}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<{
      total?: number;
      cards: { id: number; category: string; courseLevel: string; isFlagged: boolean; isCorrect: boolean }[];
    }>;
  };
  const setState = (cookie: string, id: number, state: Record<string, boolean>) =>
    s.request(`/api/flashcards/${id}/state`, {
      method: 'PUT',
      cookie,
      json: { isFlagged: false, isCorrect: false, isWrong: false, ...state },
    });

  it('serves each deck only its level and category, in a stable shuffled order with no repeats', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const paramedicTotal = (
      (await s.deps.database.db.execute(sql`select count(*)::int as n from flashcards where course_level = 'Paramedic'`)).rows[0] as {
        n: number;
      }
    ).n;
    const first = await page(u.cookie, 'deck=paramedic&seed=abc&page=0');
    expect(first.total).toBe(paramedicTotal);
    expect(first.cards).toHaveLength(20);
    expect(first.cards.every((c) => c.courseLevel === 'Paramedic')).toBe(true);
    const again = await page(u.cookie, 'deck=paramedic&seed=abc&page=0');
    expect(again.cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id));
    const second = await page(u.cookie, 'deck=paramedic&seed=abc&page=1');
    expect(new Set([...first.cards, ...second.cards].map((c) => c.id)).size).toBe(40);
    const other = await page(u.cookie, 'deck=paramedic&seed=xyz&page=0');
    expect(other.cards.map((c) => c.id)).not.toEqual(first.cards.map((c) => c.id));

    const trauma = await page(u.cookie, `deck=paramedic&category=${encodeURIComponent('Trauma')}&page=0`);
    expect(trauma.cards.every((c) => c.category === 'Trauma')).toBe(true);
    expect((await s.request('/api/flashcards/page?deck=paramedic&category=Astrology', { cookie: u.cookie })).status).toBe(400);
  });

  it('walks a whole category page by page: every card exactly once, the size on the first and the last page', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    const q = (p: number, seed: string) => `deck=paramedic&category=${encodeURIComponent('Cardiology')}&seed=${seed}&page=${p}`;
    const first = await page(u.cookie, q(0, 'walk'));
    const seen: number[] = [];
    let total: number | undefined;
    for (let p = 0; ; p++) {
      const res = p === 0 ? first : await page(u.cookie, q(p, 'walk'));
      seen.push(...res.cards.map((c) => c.id));
      if (res.cards.length < 20) {
        total = res.total;
        break;
      }
      if (p > 0) expect(res.total).toBeUndefined();
    }
    expect(first.total).toBe(seen.length);
    expect(total).toBe(seen.length);
    expect(new Set(seen).size).toBe(seen.length);
    const inDb = await s.deps.database.db.execute(
      sql`select id from flashcards where course_level = 'Paramedic' and category = 'Cardiology'`,
    );
    expect(new Set(seen)).toEqual(new Set((inDb.rows as { id: number }[]).map((r) => r.id)));
    // Another seed, another order of the same cards.
    const other = await page(u.cookie, q(0, 'another'));
    expect(other.cards.map((c) => c.id)).not.toEqual(first.cards.map((c) => c.id));
  });

  it('refuses an EMT-only student the Paramedic deck and its cards', async () => {
    const emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const res = await s.request('/api/flashcards/page?deck=paramedic', { cookie: emt.cookie });
    expect(res.status).toBe(403);
    expect((await s.request('/api/flashcards/summary?deck=paramedic', { cookie: emt.cookie })).status).toBe(403);
    const [paramedicCard] = await s.deps.database.db.select().from(flashcards).where(eq(flashcards.courseLevel, 'Paramedic')).limit(1);
    expect((await setState(emt.cookie, paramedicCard!.id, { isFlagged: true })).status).toBe(403);
    const mine = await page(emt.cookie, 'deck=mine&page=0');
    expect(mine.cards.every((c) => c.courseLevel === 'EMT')).toBe(true);
    const both = await signedInUser(s, { activeDays: 30, courseLevel: 'Both' });
    const all = await page(both.cookie, 'deck=mine&page=0&seed=s1');
    const n = ((await s.deps.database.db.execute(sql`select count(*)::int as n from flashcards`)).rows[0] as { n: number }).n;
    expect(all.total).toBe(n);
  });

  it('keeps one student’s flags invisible to another; the state upsert is idempotent', async () => {
    const a = await signedInUser(s, { activeDays: 30 });
    const b = await signedInUser(s, { activeDays: 30 });
    const { cards } = await page(a.cookie, 'deck=paramedic&seed=f&page=0');
    for (const card of cards.slice(0, 2)) {
      expect((await setState(a.cookie, card.id, { isFlagged: true })).status).toBe(200);
      expect((await setState(a.cookie, card.id, { isFlagged: true })).status).toBe(200);
    }
    const rows = await s.deps.database.db.execute(sql`select count(*)::int as n from user_flashcard_interactions where user_id = ${a.id}`);
    expect((rows.rows[0] as { n: number }).n).toBe(2);
    expect((await page(a.cookie, 'deck=paramedic&filter=flagged')).total).toBe(2);
    expect((await page(b.cookie, 'deck=paramedic&filter=flagged')).total).toBe(0);
    expect((await setState(a.cookie, cards[0]!.id, { isCorrect: true, isWrong: true })).status).toBe(400);
    const missing = await setState(a.cookie, 2_000_000_000, { isFlagged: true });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('This card no longer exists.');
    const saved = await (await setState(a.cookie, cards[0]!.id, { isFlagged: true, isCorrect: true })).json();
    expect(saved).toEqual({ id: cards[0]!.id, courseLevel: 'Paramedic', isFlagged: true, isCorrect: true, isWrong: false });
  });

  it('"Unflag Correct" clears only flagged cards marked correct', async () => {
    const u = await signedInUser(s, { activeDays: 30 });
    const { cards } = await page(u.cookie, 'deck=paramedic&seed=u&page=0');
    await setState(u.cookie, cards[0]!.id, { isFlagged: true, isCorrect: true });
    await setState(u.cookie, cards[1]!.id, { isFlagged: true, isWrong: true });
    const res = await s.request('/api/flashcards/unflag-correct', { method: 'POST', cookie: u.cookie, json: { deck: 'paramedic' } });
    expect(await res.json()).toEqual({ count: 1 });
    const again = await s.request('/api/flashcards/unflag-correct', { method: 'POST', cookie: u.cookie, json: { deck: 'paramedic' } });
    expect(await again.json()).toEqual({ count: 0 });
    const summary = await (await s.request('/api/flashcards/summary?deck=paramedic', { cookie: u.cookie })).json();
    const flagged = summary.categories.reduce((n: number, c: { flagged: number }) => n + c.flagged, 0);
    expect(flagged).toBe(1);
  });

  // The first page of a 20,000-card deck is timed by `npm run bench`.
  it('pages a large category 20 cards at a time, each page bounded, no card twice, the total counting all', async () => {
    const u = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const url = (p: number) => `/api/flashcards/page?deck=emt&category=Trauma&seed=bulk&page=${p}`;
    const before = ((await (await s.request(url(0), { cookie: u.cookie })).json()) as { total: number }).total;
    const rows = Array.from({ length: 250 }, (_, i) => ({
      key: `bulk-card-${i}`,
      category: 'Trauma',
      courseLevel: 'EMT',
      frontText: `Bulk question ${i}`,
      backText: `Bulk answer ${i} `.repeat(8),
    }));
    await s.deps.database.db.insert(flashcards).values(rows);
    const total = before + 250;
    const pages = Math.ceil(total / 20);
    const seen = new Set<number>();
    for (let p = 0; p < pages; p++) {
      const res = await s.request(url(p), { cookie: u.cookie });
      const text = await res.text();
      const body = JSON.parse(text) as { total?: number; cards: { id: number; category: string }[] };
      if (p === 0) expect(body.total).toBe(total);
      expect(body.cards).toHaveLength(p < pages - 1 ? 20 : total - 20 * (pages - 1));
      expect(text.length).toBeLessThan(30_000);
      for (const c of body.cards) {
        expect(c.category).toBe('Trauma');
        expect(seen.has(c.id)).toBe(false);
        seen.add(c.id);
      }
    }
    expect(seen.size).toBe(total);
    await s.deps.database.db.execute(sql`delete from flashcards where key like 'bulk-card-%'`);
  });
});
