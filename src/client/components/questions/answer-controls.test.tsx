import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuestionAnswer } from '@shared/questions';
import type { PublicItem } from '@shared/contracts/questions';
import { AnswerControl } from './answer-control';
import { incompleteReason } from './answer-state';

afterEach(cleanup);
// user-event drives real React renders with dnd-kit mounted: slower than the default 5 s on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const base = { domain: 'Primary Assessment', topic: 'Medical', pediatric: false, flagged: false, stem: 'Stem' } as const;
const options = (...texts: string[]) => texts.map((text, i) => ({ id: 'abcdefgh'[i]!, text }));

/** The control as the quiz uses it: it owns the answer; the test reads the latest one. */
function Harness({ item, onAnswer }: { item: PublicItem; onAnswer: (a: QuestionAnswer) => void }) {
  const [value, setValue] = useState<QuestionAnswer | null>(item.type === 'build_list' ? { order: item.options.map((o) => o.id) } : null);
  return (
    <AnswerControl
      item={item}
      value={value}
      onChange={(a) => {
        setValue(a);
        onAnswer(a);
      }}
    />
  );
}

function setup(item: PublicItem) {
  let last: QuestionAnswer | null = null;
  render(<Harness item={item} onAnswer={(a) => (last = a)} />);
  return { user: userEvent.setup(), answer: () => last };
}

describe('multiple response', () => {
  const item: PublicItem = {
    ...base,
    key: 'm1',
    type: 'multiple',
    selectCount: 2,
    options: options('Oxygen', 'Aspirin', 'Nitroglycerin', 'Glucose', 'Naloxone'),
  };

  it('stops at the stated number: the other boxes turn off until one is cleared', async () => {
    const { user, answer } = setup(item);
    await user.click(screen.getByRole('checkbox', { name: 'Oxygen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Aspirin' }));
    expect(screen.getByText('2 of 2 chosen')).toBeTruthy();
    const glucose = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Glucose' });
    expect(glucose.disabled).toBe(true);
    await user.click(glucose);
    expect(glucose.checked).toBe(false);
    expect(answer()).toEqual({ choices: ['a', 'b'] });
    expect(incompleteReason(item, answer())).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Oxygen' }));
    expect(glucose.disabled).toBe(false);
    expect(incompleteReason(item, answer())).toBe('Select 2 answers (1 chosen).');
    await user.click(glucose);
    expect(answer()).toEqual({ choices: ['b', 'd'] });
  });
});

describe('single answer', () => {
  it('is a group of radio buttons giving { choice }', async () => {
    const item: PublicItem = { ...base, key: 's1', type: 'single', options: options('One', 'Two', 'Three', 'Four') };
    const { user, answer } = setup(item);
    expect(screen.getByRole('group', { name: 'Choose one answer' })).toBeTruthy();
    expect(incompleteReason(item, null)).toBe('Choose an answer first.');
    await user.click(screen.getByRole('radio', { name: 'Three' }));
    expect(answer()).toEqual({ choice: 'c' });
  });
});

describe('build list', () => {
  const item: PublicItem = {
    ...base,
    key: 'b1',
    type: 'build_list',
    options: options('Open the airway', 'Check breathing', 'Check circulation', 'Transport'),
  };
  const rows = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-id'));

  it('moves the focused step with the arrow keys and keeps focus on it', async () => {
    const { user, answer } = setup(item);
    const handle = screen.getByRole('button', { name: 'Check circulation, position 3 of 4' });
    handle.focus();
    await user.keyboard('{ArrowUp}');
    expect(rows()).toEqual(['a', 'c', 'b', 'd']);
    expect(answer()).toEqual({ order: ['a', 'c', 'b', 'd'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Check circulation, position 2 of 4' }));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(rows()).toEqual(['c', 'a', 'b', 'd']);
    await user.keyboard('{ArrowDown}');
    expect(answer()).toEqual({ order: ['a', 'c', 'b', 'd'] });
    expect(screen.getByText('Check circulation moved to position 2 of 4.')).toBeTruthy();
  });

  it('moves with the Move up / Move down buttons; the first cannot go up, the last cannot go down', async () => {
    const { user, answer } = setup(item);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Open the airway up' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move Transport down' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Open the airway down' }));
    expect(answer()).toEqual({ order: ['b', 'a', 'c', 'd'] });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Open the airway down' }));
    await user.click(screen.getByRole('button', { name: 'Move Transport up' }));
    expect(answer()).toEqual({ order: ['b', 'a', 'd', 'c'] });
  });
});

describe('options table', () => {
  const item: PublicItem = {
    ...base,
    key: 't1',
    type: 'options_table',
    categories: ['Indicated', 'Contraindicated'],
    options: options('Aspirin', 'Nitroglycerin', 'Oxygen'),
  };

  it('takes one column per row, each row its own radio group', async () => {
    const { user, answer } = setup(item);
    const aspirin = screen.getByRole('radiogroup', { name: 'Aspirin' });
    await user.click(within(aspirin).getByLabelText('Indicated'));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Oxygen' })).getByLabelText('Contraindicated'));
    expect(incompleteReason(item, answer())).toBe('Choose a column for every row (1 left).');
    await user.click(within(aspirin).getByLabelText('Contraindicated'));
    await user.click(within(screen.getByRole('radiogroup', { name: 'Nitroglycerin' })).getByLabelText('Indicated'));
    expect(answer()).toEqual({ placements: { a: 'Contraindicated', c: 'Contraindicated', b: 'Indicated' } });
    expect(within(aspirin).getByLabelText<HTMLInputElement>('Contraindicated').checked).toBe(true);
    expect(incompleteReason(item, answer())).toBeNull();
  });
});

describe('drag and drop zones', () => {
  const item: PublicItem = {
    ...base,
    key: 'd1',
    type: 'drag_drop',
    categories: ['Immediate', 'Delayed', 'Minor'],
    options: options('Apneic after airway repositioning', 'Open femur fracture', 'Walking wounded', 'Radial pulse absent'),
  };

  it('places options with their "Place … in …" buttons, moves and takes them out', async () => {
    const { user, answer } = setup(item);
    await user.click(screen.getByRole('button', { name: 'Place Walking wounded in Minor' }));
    await user.click(screen.getByRole('button', { name: 'Place Open femur fracture in Immediate' }));
    const minor = screen.getByRole('region', { name: 'Minor' });
    expect(within(minor).getByText('Walking wounded')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Items to place' })).queryByText('Walking wounded')).toBeNull();
    expect(screen.getByText('Open femur fracture placed in Immediate.')).toBeTruthy();

    // from a zone: to another zone, or back out
    await user.click(
      within(screen.getByRole('region', { name: 'Immediate' })).getByRole('button', { name: 'Place Open femur fracture in Delayed' }),
    );
    await user.click(screen.getByRole('button', { name: 'Take Walking wounded out of Minor' }));
    expect(answer()).toEqual({ placements: { b: 'Delayed' } });
    expect(incompleteReason(item, answer())).toBe('Place every item in a zone (3 left).');

    await user.click(screen.getByRole('button', { name: 'Place Walking wounded in Minor' }));
    await user.click(screen.getByRole('button', { name: 'Place Apneic after airway repositioning in Immediate' }));
    await user.click(screen.getByRole('button', { name: 'Place Radial pulse absent in Immediate' }));
    expect(answer()).toEqual({ placements: { a: 'Immediate', b: 'Delayed', c: 'Minor', d: 'Immediate' } });
    expect(incompleteReason(item, answer())).toBeNull();
    expect(screen.getByText('All placed. Check the zones, then submit.')).toBeTruthy();
  });
});
