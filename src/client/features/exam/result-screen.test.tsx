import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExamView } from '@shared/contracts/exam';
import { clock } from '../../components/questions/countdown';
import { duration, ExamResultScreen } from './result-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function MemoryRouterWithQueries({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const view: ExamView = {
  id: '6f1c1f1e-1111-4111-8111-111111111111',
  level: 'EMT',
  startedAt: '2026-11-24T10:00:00.000Z',
  deadline: '2026-11-24T12:00:00.000Z',
  timeLimitSeconds: 7200,
  timed: true,
  serverNow: '2026-11-24T11:00:00.000Z',
  status: 'ended',
  position: null,
  item: null,
  result: {
    passed: true,
    verdict: 'likely_pass',
    readiness: { score: 1010, low: 930, high: 1090 },
    standard: { id: 'default-EMT', method: 'default', adoptedAt: null, reportedResults: 0 },
    stopReason: 'confident',
    answered: 80,
    scored: 70,
    timeSeconds: 3725,
    domains: [
      { domain: 'Scene Size-Up and Safety', standing: 'Above', items: 12 },
      { domain: 'Secondary Assessment', standing: null, items: 0 },
    ],
    missedTopics: ['Cardiology', 'Pharmacology/Toxicology', 'Trauma', 'Pediatrics'],
    endedAt: '2026-11-24T11:02:05.000Z',
  },
};

describe('exam result', () => {
  it('shows the verdict, the readiness score with its band, the standard, the domains, items and time, and no chance of passing', () => {
    const { container } = render(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={view} />
      </MemoryRouterWithQueries>,
    );
    expect(screen.getByRole('heading', { name: 'Likely to pass' })).toBeTruthy();
    expect(screen.getByText('Your score’s 95 % band lies wholly above the passing standard.')).toBeTruthy();
    expect(screen.getByText('1010')).toBeTruthy();
    expect(screen.getByText('likely between 930 and 1090')).toBeTruthy();
    expect(
      screen.getByText(
        "The passing standard is MedicPrep's, set by the default rule. It has not yet been checked against NREMT results: 0 NREMT results have been reported so far.",
      ),
    ).toBeTruthy();
    expect(container.textContent).not.toMatch(/chance/i);
    expect(screen.getByText("This is MedicPrep's estimate from your answers, not an NREMT score.")).toBeTruthy();
    expect(screen.getByText('Above')).toBeTruthy();
    expect(screen.getByText('Not tested')).toBeTruthy();
    expect(screen.getByText('80')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review answers' }).getAttribute('href')).toBe(`/exam/${view.id}?review=1`);
  });

  it('opens at the top, with focus on the verdict', () => {
    // jsdom lays nothing out: the call that puts the page at its top is what can be observed
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={view} />
      </MemoryRouterWithQueries>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Likely to pass' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
  });

  it('names a panel standard by its date, and reads "Too close to call" or "Not yet ready" as the server decided', () => {
    const panel = { id: 'p1', method: 'panel' as const, adoptedAt: '2027-03-12T10:00:00.000Z', reportedResults: 1 };
    const { rerender } = render(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={{ ...view, result: { ...view.result!, verdict: 'too_close', standard: panel } }} />
      </MemoryRouterWithQueries>,
    );
    expect(screen.getByRole('heading', { name: 'Too close to call' })).toBeTruthy();
    expect(screen.getByText(/set by the panel of 12 March 2027\. .*1 NREMT result has been reported so far\./)).toBeTruthy();
    rerender(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={{ ...view, result: { ...view.result!, verdict: 'not_yet_ready', passed: false } }} />
      </MemoryRouterWithQueries>,
    );
    expect(screen.getByRole('heading', { name: 'Not yet ready' })).toBeTruthy();
  });

  it('marks an untimed exam as such', () => {
    render(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={{ ...view, timed: false }} />
      </MemoryRouterWithQueries>,
    );
    expect(screen.getByText('EMT · Untimed')).toBeTruthy();
    expect(screen.getByText('Time (untimed)')).toBeTruthy();
    expect(screen.getByText(/You took this exam untimed/)).toBeTruthy();
  });

  it('"Retake what I missed" starts a tutor session on the missed topics and opens it', async () => {
    const bodies: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      bodies.push({ url: input as string, body: JSON.parse(init?.body as string) as unknown });
      return new Response(JSON.stringify({ session: { id: 'session-1' } }), { headers: { 'content-type': 'application/json' } });
    });
    function Where() {
      const l = useLocation();
      return <p>at {l.pathname + l.search}</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[`/exam/${view.id}`]}>
          <Routes>
            <Route path="/exam/:id" element={<ExamResultScreen view={view} />} />
            <Route path="/questions" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(/Cardiology, Pharmacology\/Toxicology, Trauma and 1 more/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retake what I missed' }));
    await waitFor(() => expect(screen.getByText('at /questions?session=session-1')).toBeTruthy());
    expect(bodies).toEqual([
      {
        url: '/api/questions/sessions',
        body: {
          level: 'EMT',
          topics: ['Cardiology', 'Pharmacology/Toxicology', 'Trauma', 'Pediatrics'],
          domains: [],
          count: 25,
          filter: 'all',
          mode: 'tutor',
        },
      },
    ]);
  });

  it('offers no retake when nothing was missed', () => {
    render(
      <MemoryRouterWithQueries>
        <ExamResultScreen view={{ ...view, result: { ...view.result!, missedTopics: [] } }} />
      </MemoryRouterWithQueries>,
    );
    expect(screen.queryByRole('button', { name: 'Retake what I missed' })).toBeNull();
  });

  it('formats the timer and durations', () => {
    expect(clock(7199.4)).toBe('1:59:59');
    expect(clock(245)).toBe('4:05');
    expect(clock(-3)).toBe('0:00');
    expect(duration(38)).toBe('38 s');
    expect(duration(245)).toBe('4 min 5 s');
  });
});
