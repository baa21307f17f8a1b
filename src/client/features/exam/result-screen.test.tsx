import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExamView } from '@shared/contracts/exam';
import { clock } from '../../components/questions/countdown';
import { duration, ExamResultScreen } from './result-screen';

afterEach(cleanup);

const view: ExamView = {
  id: '6f1c1f1e-1111-4111-8111-111111111111',
  level: 'EMT',
  startedAt: '2026-11-24T10:00:00.000Z',
  deadline: '2026-11-24T12:00:00.000Z',
  timeLimitSeconds: 7200,
  serverNow: '2026-11-24T11:00:00.000Z',
  status: 'ended',
  position: null,
  item: null,
  result: {
    passed: true,
    chance: 87,
    readiness: 1012,
    stopReason: 'confident',
    answered: 80,
    scored: 70,
    timeSeconds: 3725,
    domains: [
      { domain: 'Scene Size-Up and Safety', standing: 'Above', items: 12 },
      { domain: 'Secondary Assessment', standing: null, items: 0 },
    ],
    endedAt: '2026-11-24T11:02:05.000Z',
  },
};

describe('exam result', () => {
  it('shows the chance of passing, the readiness score, the domains, items and time, and that it is our estimate', () => {
    render(
      <MemoryRouter>
        <ExamResultScreen view={view} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Chance of passing: 87 %' })).toBeTruthy();
    expect(screen.getByText('1012')).toBeTruthy();
    expect(screen.getByText("This is MedicPrep's estimate from your answers, not an NREMT score.")).toBeTruthy();
    expect(screen.getByText('Above')).toBeTruthy();
    expect(screen.getByText('Not tested')).toBeTruthy();
    expect(screen.getByText('80')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review answers' }).getAttribute('href')).toBe(`/exam/${view.id}?review=1`);
  });

  it('formats the timer and durations', () => {
    expect(clock(7199.4)).toBe('1:59:59');
    expect(clock(245)).toBe('4:05');
    expect(clock(-3)).toBe('0:00');
    expect(duration(38)).toBe('38 s');
    expect(duration(245)).toBe('4 min 5 s');
  });
});
