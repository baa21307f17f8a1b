import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examView, type ExamView } from '../../src/shared/contracts/exam';
import { anAnswer } from '../helpers/item-answers';
import { signedInUser, startTestServer, testDatabases, type TestServer } from '../helpers/test-server';

// The round trips of the hot paths (docs/performance.md, "Statements per request"): each request's statements are counted
// on the database client (transaction control left out), so a change that adds a round trip to a screen a student opens
// many times a day fails here, while speed itself is measured only by `npm run bench`. A path made cheaper lowers its
// number here in the same change.
const EXPECTED = {
  'subscription check': 1,
  home: 4,
  'flashcard page': 2,
  'flashcard page, first (with the deck size)': 3,
  'answer write': 2,
  'events batch': 2,
  'due-queue read': 4,
  search: 3,
  'exam answer → next item': 7,
};

describe.each(testDatabases())('statements per hot-path request on %s', (kind) => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    cookie = (await signedInUser(s, { activeDays: 30, courseLevel: 'Both' })).cookie;
  });
  afterAll(async () => s?.close());

  /** the statements of one request, after a first one has warmed what is kept between requests */
  const statements = async (request: () => Promise<Response>) => {
    const warm = await request();
    expect(warm.status, await warm.text()).toBeLessThan(300);
    let status = 0;
    const sent = await s.statementsOf(async () => {
      const res = await request();
      status = res.status;
      await res.text();
    });
    expect(status).toBeLessThan(300);
    return sent.length;
  };

  it('holds each path to its number of statements', async () => {
    const counts: Record<string, number> = {};
    counts['subscription check'] = await statements(() => s.request('/api/subscription/verify', { method: 'POST', cookie, json: {} }));
    counts.home = await statements(() => s.request('/api/home', { method: 'POST', cookie, json: { timeZone: 'America/Chicago' } }));
    counts['flashcard page'] = await statements(() => s.request('/api/flashcards/page?deck=emt&seed=bench&page=3', { cookie }));
    counts['flashcard page, first (with the deck size)'] = await statements(() =>
      s.request('/api/flashcards/page?deck=emt&seed=bench&page=0', { cookie }),
    );
    const page = (await (await s.request('/api/flashcards/page?deck=emt&seed=bench&page=0', { cookie })).json()) as {
      cards: { id: number }[];
    };
    let n = 0;
    counts['answer write'] = await statements(() =>
      s.request(`/api/flashcards/${page.cards[n++]!.id}/state`, {
        method: 'PUT',
        cookie,
        json: { isFlagged: false, isCorrect: n % 2 === 0, isWrong: n % 2 === 1 },
      }),
    );
    const batch = () => ({
      events: Array.from({ length: 20 }, () => ({
        id: randomUUID(),
        featureType: 'home',
        actionType: 'heartbeat',
        durationSeconds: 300,
        createdAt: s.deps.now().toISOString(),
      })),
    });
    counts['events batch'] = await statements(() => s.request('/api/events', { method: 'POST', cookie, json: batch() }));
    counts['due-queue read'] = await statements(() => s.request('/api/review/queue', { cookie }));
    counts.search = await statements(() => s.request('/api/search?q=adenosine', { cookie }));

    let exam: ExamView = examView.parse(await (await s.request('/api/exam', { method: 'POST', cookie, json: { level: 'EMT' } })).json());
    const answer = async () => {
      const res = await s.request(`/api/exam/${exam.id}/answers`, {
        method: 'POST',
        cookie,
        json: { position: exam.position, answer: anAnswer(exam.item!), timeMs: 1000, clientId: randomUUID() },
      });
      exam = examView.parse(await res.clone().json());
      return res;
    };
    counts['exam answer → next item'] = await statements(answer);
    expect(exam.status).toBe('in_progress');
    expect(counts).toEqual(EXPECTED);
  });
});
