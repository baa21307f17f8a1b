import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WeeklyBars } from './weekly-bars';

afterEach(cleanup);

const weeks = (questions: number[]) =>
  questions.map((q, i) => ({ weekStart: `2026-10-${String(5 + i * 7).padStart(2, '0')}`, questions: q, minutes: q * 2 }));

describe('WeeklyBars', () => {
  it('says nothing was studied instead of drawing a row of zeros', () => {
    render(<WeeklyBars weeks={weeks([0, 0, 0, 0])} />);
    expect(screen.getByText(/Nothing in the last 4 weeks yet/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('draws a bar per week, the busiest full height, each read out with its questions and minutes', () => {
    const { container } = render(<WeeklyBars weeks={weeks([10, 0, 40, 20])} />);
    const bars = within(screen.getByRole('list', { name: 'Questions answered each week' })).getAllByRole('listitem');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Week of Oct 5: 10 questions, 20 minutes',
      'Week of Oct 12: 0 questions, 0 minutes',
      'Week of Oct 19: 40 questions, 80 minutes',
      'Week of Oct 26 (this week): 20 questions, 40 minutes',
    ]);
    const heights = [...container.querySelectorAll<HTMLElement>('[data-bar]')].map((b) => b.style.height);
    // relative to the busiest week; an empty week keeps a sliver so that the axis reads as weeks
    expect(heights).toEqual(['25%', '2%', '100%', '50%']);
    expect(screen.getByText(/70 questions and 140 minutes in 4 weeks/)).toBeTruthy();
  });
});
