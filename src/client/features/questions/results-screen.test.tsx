import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionSession, SessionResults } from '@shared/contracts/questions';
import { renderScreen } from '../../test/render';
import { ResultsScreen } from './results-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const results: SessionResults = {
  score: 1,
  total: 2,
  timeMs: 65_000,
  byDomain: [{ domain: 'Trauma', correct: 1, total: 2 }],
  items: [],
};
const session: QuestionSession = {
  id: 's1',
  level: 'Paramedic',
  mode: 'timed',
  count: 2,
  timeLimitSeconds: 120,
  startedAt: '2026-12-02T08:00:00.000Z',
  completedAt: '2026-12-02T08:02:00.000Z',
  items: [],
  answers: {},
  results,
};

describe('the results of a session', () => {
  it('open at the top, with focus on the score heading', () => {
    // jsdom lays nothing out: the call that puts the page at its top is what can be observed
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderScreen(<ResultsScreen session={session} results={results} />);
    const heading = screen.getByRole('heading', { name: '1 of 2 correct' });
    expect(document.activeElement).toBe(heading);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });
});
