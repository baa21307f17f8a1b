import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
