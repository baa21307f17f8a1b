import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublicItem } from '@shared/contracts/questions';
import { ItemHeader } from './item-view';

afterEach(cleanup);

const item: PublicItem = {
  key: 'q1',
  type: 'single',
  domain: 'Medical/OB/GYN',
  topic: 'Pharmacology/Toxicology',
  pediatric: false,
  stem: 'Which drug?',
  options: [{ id: 'a', text: 'One' }],
  flagged: false,
};

describe('ItemHeader', () => {
  it('shows the domain and topic chips in practice', () => {
    render(<ItemHeader item={item} n={1} m={5} actions={null} />);
    expect(screen.getByText('Medical/OB/GYN')).toBeTruthy();
    expect(screen.getByText('Pharmacology/Toxicology')).toBeTruthy();
  });

  it('hides the chips during the practice exam, as the real exam shows none', () => {
    render(<ItemHeader item={item} n={1} actions={null} categories={false} />);
    expect(screen.queryByText('Medical/OB/GYN')).toBeNull();
    expect(screen.queryByText('Pharmacology/Toxicology')).toBeNull();
    expect(screen.getByText('Which drug?')).toBeTruthy();
  });

  it('shows one chip when the topic equals the domain', () => {
    render(<ItemHeader item={{ ...item, domain: 'Trauma', topic: 'Trauma' }} n={1} m={5} actions={null} />);
    expect(screen.getAllByText('Trauma')).toHaveLength(1);
  });
});

describe("a case set's text", () => {
  beforeEach(() => localStorage.clear());
  const caseView = { key: 'case-1', title: 'Chest pain at home', presentation: 'A 58-year-old man with crushing chest pain.' };
  const ofSet = (key: string, update?: string): PublicItem => ({ ...item, key, case: update ? { ...caseView, update } : caseView });
  const details = () => screen.getByText('A 58-year-old man with crushing chest pain.').closest('details')!;

  it('is open above the first item and collapsed above the later ones, with the latest update in view', () => {
    const { rerender } = render(<ItemHeader item={ofSet('c1')} n={1} m={3} actions={null} />);
    expect(details().open).toBe(true);
    rerender(<ItemHeader item={ofSet('c2', 'BP now 84/50.')} n={2} m={3} actions={null} />);
    expect(details().open).toBe(false);
    expect(screen.getByText('Show the case')).toBeTruthy();
    // the update is shown outside the collapsed text, once
    expect(screen.getAllByTestId('case-update').filter((u) => !u.closest('details'))).toHaveLength(1);
    expect(screen.getByText('BP now 84/50.', { selector: 'div:not(details *) > p' })).toBeTruthy();
  });

  it("keeps the student's choice for the rest of the set, on this device, and reopens on the first item", () => {
    const { rerender } = render(<ItemHeader item={ofSet('c1')} n={1} m={3} actions={null} />);
    rerender(<ItemHeader item={ofSet('c2', 'BP now 84/50.')} n={2} m={3} actions={null} />);
    const d = details();
    d.open = true;
    fireEvent(d, new Event('toggle'));
    rerender(<ItemHeader item={ofSet('c3', 'Now unresponsive.')} n={3} m={3} actions={null} />);
    expect(details().open).toBe(true);
    expect(screen.queryAllByTestId('case-update').filter((u) => !u.closest('details'))).toHaveLength(0);
    cleanup();
    // another set starts open whatever this one's choice
    render(<ItemHeader item={{ ...ofSet('d1'), case: { ...caseView, key: 'case-2' } }} n={1} m={2} actions={null} />);
    expect(details().open).toBe(true);
  });
});

describe("an item's image", () => {
  it('opens full screen on a tap, with zoom', () => {
    render(<ItemHeader item={{ ...item, image: '/media/ekg/vt.png' }} n={1} m={5} actions={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the rhythm strip full screen' }));
    expect(screen.getByRole('dialog', { name: 'Read the rhythm strip' })).toBeTruthy();
    expect(screen.getByTestId('zoomed-image').querySelector('img')!.getAttribute('src')).toBe('/media/ekg/vt.png');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('1.5× — swipe sideways to follow the strip')).toBeTruthy();
  });
});
