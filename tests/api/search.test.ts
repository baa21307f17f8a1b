import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSearchTerms } from '../../src/server/content/search-terms';
import { flashcards } from '../../src/server/db/schema';
import { examView } from '../../src/shared/contracts/exam';
import { searchResponse, type SearchResponse } from '../../src/shared/contracts/search';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// /search (docs/decisions/101-search-full-text-and-trigram-terms.md): what it finds is what the student may see (their
// levels, never the exam's reserve nor an item of their open exam, never a key or a rationale), misspelt words find the
// library's word, and a match in a card's front ranks above one in its back. The fixtures use made-up words no content has.

type Student = Awaited<ReturnType<typeof signedInUser>>;

describe.each(testDatabases())('search API on %s', (kind) => {
  let s: TestServer;
  let paramedic: Student;
  let emt: Student;
  const db = () => s.deps.database.db;

  /** a copy of a single-answer practice item of `level` with `stem`, in `pool`, with `rationale` on every option */
  const insertItem = async (key: string, level: string, stem: string, pool: 'practice' | 'exam', rationale = 'Because.') => {
    await db().execute(sql`
      insert into question_items (key, level, type, domain, topic, difficulty, body, pool)
      select ${key}, level, type, domain, topic, difficulty,
        jsonb_set(jsonb_set(body, '{stem}', to_jsonb(${stem}::text)), '{options}',
          (select jsonb_agg(jsonb_set(o, '{rationale}', to_jsonb(${rationale}::text))) from jsonb_array_elements(body->'options') o)),
        ${pool}
      from question_items where level = ${level} and type = 'single' and pool = 'practice' and case_key is null order by key limit 1`);
  };

  beforeAll(async () => {
    s = await startTestServer(kind);
    paramedic = await signedInUser(s, { activeDays: 30, courseLevel: 'Paramedic' });
    emt = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    await db()
      .insert(flashcards)
      .values([
        {
          key: 'test-search-front',
          category: 'EMS Operations',
          courseLevel: 'Paramedic',
          frontText: 'Plinkorate dosing',
          backText: 'A fixture card.',
        },
        {
          key: 'test-search-back',
          category: 'EMS Operations',
          courseLevel: 'Paramedic',
          frontText: 'A fixture question',
          backText: 'Give plinkorate slowly, then flush the line with saline.',
        },
        { key: 'test-search-emt', category: 'EMS Operations', courseLevel: 'EMT', frontText: 'Zorbifen for EMT', backText: 'An EMT card.' },
        {
          key: 'test-search-para',
          category: 'EMS Operations',
          courseLevel: 'Paramedic',
          frontText: 'Zorbifen for medics',
          backText: 'A card.',
        },
      ]);
    await insertItem('test-search-practice', 'EMT', 'Quixotrel is given for what?', 'practice', 'Glimmerwort explains the key.');
    await insertItem('test-search-reserve', 'EMT', 'Quixotrel in the exam reserve?', 'exam');
    await refreshSearchTerms(db());
  });
  afterAll(async () => {
    await s?.deps.database.db.delete(flashcards).where(like(flashcards.key, 'test-search-%'));
    await s?.close();
  });

  const find = async (u: Student, q: string): Promise<SearchResponse> => {
    const res = await s.request(`/api/search?q=${encodeURIComponent(q)}`, { cookie: u.cookie });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return searchResponse.parse(JSON.parse(text));
  };
  const hitsOf = (r: SearchResponse, kind: string) => r.groups.find((g) => g.kind === kind)?.hits ?? [];
  const textOf = (segments: { text: string }[]) => segments.map((x) => x.text).join('');
  const cardId = async (key: string) => String((await db().select().from(flashcards).where(eq(flashcards.key, key)))[0]!.id);

  it('answers 401 to a visitor, 403 without a subscription and 400 to a query under two characters', async () => {
    expect((await s.request('/api/search?q=adenosine')).status).toBe(401);
    const unsubscribed = await signedInUser(s);
    const res = await s.request('/api/search?q=adenosine', { cookie: unsubscribed.cookie });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('SUBSCRIPTION_REQUIRED');
    const short = await s.request('/api/search?q=a', { cookie: paramedic.cookie });
    expect(short.status).toBe(400);
    expect((await short.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('finds only the student’s own levels: an EMT student never sees a Paramedic item and the other way round', async () => {
    const asEmt = await find(emt, 'zorbifen');
    expect(hitsOf(asEmt, 'flashcard').map((h) => h.id)).toEqual([await cardId('test-search-emt')]);
    const asMedic = await find(paramedic, 'zorbifen');
    expect(hitsOf(asMedic, 'flashcard').map((h) => h.id)).toEqual([await cardId('test-search-para')]);
    // on a word every level has, every hit of every kind is of the student's level
    for (const g of (await find(emt, 'patient')).groups) for (const h of g.hits) expect([null, 'EMT']).toContain(h.level);
    for (const g of (await find(paramedic, 'patient')).groups) for (const h of g.hits) expect([null, 'Paramedic']).toContain(h.level);
  });

  it('never finds an item of the exam reserve, nor by a word of its rationale; sends the stem and options only', async () => {
    const r = await find(emt, 'quixotrel');
    expect(hitsOf(r, 'question').map((h) => h.id)).toEqual(['test-search-practice']);
    expect(r.groups.find((g) => g.kind === 'question')!.total).toBe(1);
    expect(JSON.stringify(r)).not.toMatch(/glimmerwort|rationale|"correct"/i);
    expect((await find(emt, 'glimmerwort')).total).toBe(0);
  });

  it('never finds an item given in the student’s open exam, while another student still does', async () => {
    const student = await signedInUser(s, { activeDays: 30, courseLevel: 'EMT' });
    const res = await s.request('/api/exam', { method: 'POST', cookie: student.cookie, json: { level: 'EMT' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const exam = examView.parse(await res.json());
    const key = exam.item!.key;
    // in the practice pool (the exam also gives its reserve), so only the open exam hides it
    await db().execute(
      sql`update question_items set pool = 'practice', body = jsonb_set(body, '{stem}', to_jsonb('Vellumfrax ' || (body->>'stem'))) where key = ${key}`,
    );
    expect(hitsOf(await find(student, 'vellumfrax'), 'question')).toEqual([]);
    expect(hitsOf(await find(emt, 'vellumfrax'), 'question').map((h) => h.id)).toEqual([key]);
  });

  it('finds a misspelt drug by the library’s nearest word and says what it searched', async () => {
    const a = await find(paramedic, 'amiodarne');
    expect(a.correctedQuery).toBe('amiodarone');
    expect(a.total).toBeGreaterThan(0);
    expect(a.groups.flatMap((g) => g.hits).some((h) => /amiodarone/i.test(textOf(h.title) + textOf(h.snippet)))).toBe(true);
    const e = await find(paramedic, 'epinephirne');
    expect(e.correctedQuery).toBe('epinephrine');
    expect(e.total).toBeGreaterThan(0);
    // a word as typed so far is a prefix, not a typo
    const typing = await find(paramedic, 'adenos');
    expect(typing.correctedQuery).toBeNull();
    const card = hitsOf(typing, 'flashcard')[0]!;
    expect(card.title.concat(card.snippet).some((x) => x.match && /^adenos/i.test(x.text))).toBe(true);
  });

  it('ranks a match in a card’s front above one in its back, and highlights the matched word', async () => {
    const r = await find(paramedic, 'plinkorate');
    const hits = hitsOf(r, 'flashcard');
    expect(hits.map((h) => h.id)).toEqual([await cardId('test-search-front'), await cardId('test-search-back')]);
    expect(hits[0]!.title).toEqual([
      { text: 'Plinkorate', match: true },
      { text: ' dosing', match: false },
    ]);
    expect(hits[1]!.snippet.filter((x) => x.match).map((x) => x.text)).toEqual(['plinkorate']);
  });

  it('groups the results by kind with counts over every match, at most ten sent per kind', async () => {
    const r = await find(paramedic, 'patient');
    expect(r.groups.length).toBeGreaterThan(1);
    for (const g of r.groups) {
      expect(g.hits.length).toBe(Math.min(10, g.total));
      for (const h of g.hits) expect(h.kind).toBe(g.kind);
    }
    expect(r.total).toBe(r.groups.reduce((n, g) => n + g.total, 0));
  });

  it('opens a flashcard result first in its deck, and a question result as a one-item practice (never a reserve item)', async () => {
    const id = Number(await cardId('test-search-back'));
    const page = await s.request(`/api/flashcards/page?deck=mine&first=${id}&seed=abc`, { cookie: paramedic.cookie });
    expect(page.status).toBe(200);
    const body = (await page.json()) as { cards: { id: number }[] };
    expect(body.cards[0]!.id).toBe(id);
    // another level's card is not in the deck, so it does not lead it
    const other = Number(await cardId('test-search-emt'));
    const refused = (await (
      await s.request(`/api/flashcards/page?deck=mine&first=${other}&seed=abc`, { cookie: paramedic.cookie })
    ).json()) as {
      cards: { id: number }[];
    };
    expect(refused.cards.map((c) => c.id)).not.toContain(other);
    const start = (itemKey: string) =>
      s.request('/api/questions/sessions', {
        method: 'POST',
        cookie: emt.cookie,
        json: { level: 'EMT', count: 10, mode: 'tutor', itemKey },
      });
    const one = await start('test-search-practice');
    expect(one.status, await one.clone().text()).toBe(201);
    const session = (await one.json()) as { session: { items: { key: string }[] } };
    expect(session.session.items.map((i) => i.key)).toEqual(['test-search-practice']);
    expect((await start('test-search-reserve')).status).toBe(409);
  });

  it('says when nothing matches and suggests the nearest term: a word alone, or none for a word near nothing', async () => {
    const together = await find(paramedic, 'zorbifen plinkorate');
    expect(together.total).toBe(0);
    expect(together.groups).toEqual([]);
    expect(together.suggestion).toBe('plinkorate');
    const nothing = await find(paramedic, 'xqzvbnmw');
    expect(nothing.total).toBe(0);
    expect(nothing.suggestion).toBeNull();
    // one word near a word of the library, but not near enough to replace it, is suggested that word
    const near = await find(paramedic, 'plinzzzqqqwww');
    expect(near).toMatchObject({ total: 0, correctedQuery: null, suggestion: 'plinkorate' });
  });
});
