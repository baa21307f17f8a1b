import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeResponse } from '@shared/contracts/home';
import { StudyStats } from './study-stats';

afterEach(cleanup);

const streak: HomeResponse['streak'] = {
  days: 1,
  rank: 'Recruit',
  next: { name: 'Probationary Paramedic', daysTo: 2 },
  celebration: null,
  newBadges: [],
};
const figures = () =>
  Object.fromEntries(
    within(screen.getByLabelText('Your study'))
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  );

describe('home’s streak and study figures', () => {
  it('counts question practice beside the cards, with the review due today', () => {
    render(
      <MemoryRouter>
        <StudyStats
          streak={streak}
          stats={{ cardsStudied: 0, correct: 0, wrong: 0, flagged: 0, questionsAnswered: 165, questionsCorrect: 112, accuracy: 68 }}
          reviewCount={12}
        />
      </MemoryRouter>,
    );
    expect(figures()).toEqual({ 'Cards Studied': '0', 'Questions Answered': '165', Accuracy: '68%', 'Due for review': '12' });
    expect(screen.getByRole('link', { name: '12' }).getAttribute('href')).toBe('/review');
  });

  it('names the streak for what it counts: days the app was opened, not days of study', () => {
    render(
      <MemoryRouter>
        <StudyStats streak={streak} stats={undefined} reviewCount={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Log-in streak')).toBeTruthy();
    expect(screen.queryByText(/Study streak/)).toBeNull();
    expect(screen.getByText('Days in a row you opened MedicPrep')).toBeTruthy();
    expect(screen.getByTestId('streak-days').textContent).toBe('1 day');
  });

  it('waits for the server for questions when the copy kept on the phone predates them', () => {
    render(
      <MemoryRouter>
        <StudyStats streak={streak} stats={{ cardsStudied: 4, correct: 3, wrong: 1, flagged: 0, accuracy: 75 }} reviewCount={0} />
      </MemoryRouter>,
    );
    expect(figures()).toMatchObject({ 'Cards Studied': '4', 'Questions Answered': '–', Accuracy: '–' });
  });
});
