import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubFetch } from '../../test/render';
import { NremtResultsSection } from './nremt-results-section';

const stored = {
  id: '5f0c5a8e-1c1b-4a4e-9d43-0d2b4f0e7a11',
  level: 'EMT',
  examDate: '2026-11-20',
  result: 'failed',
  attempt: 1,
  source: 'student',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

describe('the NREMT result form', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each problem under its field and sends nothing', async () => {
    const calls = stubFetch({ 'GET /api/nremt-results': () => ({ status: 200, body: { results: [] } }) });
    renderScreen(<NremtResultsSection levels={['Paramedic', 'EMT']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save result' }, { timeout: 5000 }));
    const date = screen.getByLabelText('Date of the exam');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the date of your exam').id).toBe(date.getAttribute('aria-describedby'));
    expect(screen.getByText('Choose passed or did not pass')).toBeTruthy();
    expect(calls.filter((c) => c.key === 'POST /api/nremt-results')).toHaveLength(0);
  });

  it('sends the report, puts a server problem on its field, then lists the saved result', async () => {
    let saved = false;
    const calls = stubFetch({
      'GET /api/nremt-results': () => ({ status: 200, body: { results: saved ? [{ ...stored, result: 'passed', attempt: 2 }] : [] } }),
      'POST /api/nremt-results': (init) => {
        const body = JSON.parse(init?.body as string) as { attempt: number };
        if (body.attempt === 1)
          return {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: 'You already reported attempt 1 at the EMT exam: edit that report instead.',
                issues: [{ path: 'attempt', message: 'Attempt 1 at the EMT exam is already reported' }],
              },
            },
          };
        saved = true;
        return { status: 201, body: { result: { ...stored, ...body } } };
      },
    });
    renderScreen(<NremtResultsSection levels={['Paramedic', 'EMT']} />);
    fireEvent.click(await screen.findByLabelText('EMT'));
    fireEvent.change(screen.getByLabelText('Date of the exam'), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByLabelText('Passed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    const attempt = screen.getByLabelText('Attempt');
    expect(await screen.findByText('Attempt 1 at the EMT exam is already reported')).toBeTruthy();
    expect(attempt.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.key === 'POST /api/nremt-results')!.body).toEqual({
      level: 'EMT',
      examDate: '2026-11-20',
      result: 'passed',
      attempt: 1,
    });

    fireEvent.change(attempt, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Thank you: your result is saved.')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your NREMT results' });
    expect(within(list).getByText('Passed')).toBeTruthy();
    expect(within(list).getByText(/2nd attempt/)).toBeTruthy();
    // the form closes once a result is listed; another can be reported
    expect(screen.queryByRole('button', { name: 'Save result' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report another result' })).toBeTruthy();
  });

  it('edits a listed result in the same form, and deletes one after asking', async () => {
    const calls = stubFetch({
      'GET /api/nremt-results': () => ({ status: 200, body: { results: [stored] } }),
      [`PUT /api/nremt-results/${stored.id}`]: (init) => ({
        status: 200,
        body: { result: { ...stored, ...(JSON.parse(init?.body as string) as object) } },
      }),
      // the server answers 204; the stub's Response cannot carry a 204 with a body, and the client reads both alike
      [`DELETE /api/nremt-results/${stored.id}`]: () => ({ status: 200, body: null }),
    });
    renderScreen(<NremtResultsSection levels={['EMT']} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the EMT result/ }));
    // one level: no level choice is asked
    expect(screen.queryByRole('group', { name: 'Exam' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Date of the exam').value).toBe('2026-11-20');
    expect(screen.getByLabelText<HTMLInputElement>('Did not pass').checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Passed'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your result is updated.')).toBeTruthy();
    expect(calls.find((c) => c.key.startsWith('PUT'))!.body).toEqual({
      level: 'EMT',
      examDate: '2026-11-20',
      result: 'passed',
      attempt: 1,
    });

    fireEvent.click(screen.getByRole('button', { name: /^Delete the EMT result/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete result' }));
    expect(await screen.findByText('Your result is deleted.')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toHaveLength(1);
  });

  it('asks outright once the exam date the student set has passed with nothing reported for it', async () => {
    stubFetch({ 'GET /api/nremt-results': () => ({ status: 200, body: { results: [stored] } }) });
    renderScreen(<NremtResultsSection levels={['EMT']} examDate="2026-11-25" />);
    expect(await screen.findByRole('button', { name: 'Save result' })).toBeTruthy();
  });
});
