import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Greeting } from './greeting';

afterEach(cleanup);

describe('the home greeting', () => {
  it('greets by first name', () => {
    render(<Greeting firstName="Riley" email="riley@example.com" hour={20} />);
    expect(screen.getByText(/Good evening/).textContent).toBe('Good evening, Riley');
  });

  it('uses the e-mail\'s local part when the first name is empty, not "User"', () => {
    render(<Greeting firstName="  " email="sam.medic@example.com" hour={9} />);
    expect(screen.getByText(/Good morning/).textContent).toBe('Good morning, sam.medic');
  });

  it('says "User" only when nothing names the person', () => {
    render(<Greeting firstName="" email="" hour={14} />);
    expect(screen.getByText(/Good afternoon/).textContent).toBe('Good afternoon, User');
  });
});
