import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon } from './icon';

afterEach(cleanup);

describe('Icon', () => {
  it('is decorative unless labelled: hidden from assistive technology, drawn in the text colour on the 24-unit grid', () => {
    const { container } = render(<Icon name="check" className="size-4" strokeWidth={3} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('class')).toBe('size-4');
    expect(svg.getAttribute('stroke')).toBe('currentColor');
    expect(svg.getAttribute('fill')).toBe('none');
    expect(svg.getAttribute('stroke-width')).toBe('3');
    expect(svg.getAttribute('stroke-linecap')).toBe('round');
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M5 13l4 4L19 7');
  });

  it('keeps a glyph’s own stroke width when the use gives none, and fills a solid glyph without a stroke', () => {
    const { container } = render(
      <>
        <Icon name="back" />
        <Icon name="play" />
      </>,
    );
    const [back, play] = [...container.querySelectorAll('svg')];
    expect(back!.getAttribute('stroke-width')).toBe('2.5');
    expect(play!.getAttribute('fill')).toBe('currentColor');
    expect(play!.hasAttribute('stroke')).toBe(false);
  });

  it('with a label, is an image of that name', () => {
    render(<Icon name="flag" label="Flagged" />);
    expect(screen.getByRole('img', { name: 'Flagged' })).toBeTruthy();
  });
});
