import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PublicItem, QuestionSession } from '@shared/contracts/questions';
import { addReached } from './api/get-session';
import { questionKeys } from './api/keys';

// A case set's later item comes with the answer to the one before it (docs/decisions/082): it goes right after that item in
// the cached session, once, whatever order the answers' responses arrive in.
const item = (key: string, caseKey?: string): PublicItem => ({
  key,
  type: 'single',
  domain: 'Primary Assessment',
  topic: 'Cardiology',
  pediatric: false,
  stem: `Stem ${key}?`,
  options: [
    { id: 'a', text: 'A' },
    { id: 'b', text: 'B' },
  ],
  flagged: false,
  ...(caseKey ? { case: { key: caseKey, title: 'Case', presentation: 'A patient.' } } : {}),
});

const session = (items: PublicItem[], count: number): QuestionSession => ({
  id: 's1',
  level: 'EMT',
  mode: 'timed',
  count,
  timeLimitSeconds: 600,
  startedAt: new Date(0).toISOString(),
  completedAt: null,
  items,
  answers: {},
});

describe('addReached', () => {
  it('puts the case’s next item right after the answered one, and only once', () => {
    const client = new QueryClient();
    client.setQueryData(questionKeys.session('s1'), session([item('x'), item('c1', 'case'), item('y')], 5));
    addReached(client, 's1', 'c1', item('c2', 'case'));
    addReached(client, 's1', 'c1', item('c2', 'case'));
    addReached(client, 's1', 'c2', item('c3', 'case'));
    const cached = client.getQueryData<QuestionSession>(questionKeys.session('s1'))!;
    expect(cached.items.map((i) => i.key)).toEqual(['x', 'c1', 'c2', 'c3', 'y']);
    expect(cached.count).toBe(5);
  });
  it('leaves a session it does not hold alone', () => {
    const client = new QueryClient();
    addReached(client, 's1', 'c1', item('c2', 'case'));
    expect(client.getQueryData(questionKeys.session('s1'))).toBeUndefined();
  });
});
