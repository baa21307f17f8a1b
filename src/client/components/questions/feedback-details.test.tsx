import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Feedback, PublicItem } from '@shared/contracts/questions';
import { FeedbackDetails } from './feedback-details';

afterEach(cleanup);

const options = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id, text: `Finding ${id}` }));
const item = (type: PublicItem['type']) => ({ type, options });
const placements = Object.fromEntries(options.map((o, i) => [o.id, i % 2 ? 'Left' : 'Right']));
const feedback = (parts?: Feedback['parts'], correct = false): Feedback => ({
  correct,
  key: { placements },
  options: options.map((o) => ({ id: o.id, rationale: `why ${o.id}` })),
  reference: 'Ref',
  ...(parts ? { parts } : {}),
});

describe('the feedback of a technology-enhanced item', () => {
  it('says which parts were right from the server’s count, in the type’s words, and that the item is still wrong', () => {
    render(
      <FeedbackDetails
        item={item('drag_drop')}
        answer={{ placements: { ...placements, a: 'Left' } }}
        feedback={feedback({ right: 5, total: 6 })}
      />,
    );
    expect(screen.getByTestId('parts-right').firstChild!.textContent).toBe('5 of 6 placed correctly');
    expect(screen.getByText(/Scored as incorrect/)).toBeTruthy();
  });

  it.each([
    ['multiple', { right: 2, total: 3 }, '2 of 3 correct choices selected'],
    ['build_list', { right: 4, total: 6 }, '4 of 6 steps in the right place'],
    ['options_table', { right: 5, total: 6 }, '5 of 6 rows answered correctly'],
  ] as const)('%s: %o reads "%s"', (type, parts, text) => {
    render(
      <FeedbackDetails
        item={item(type)}
        answer={null}
        feedback={{
          ...feedback(parts),
          key: type === 'multiple' ? { choices: ['a'] } : type === 'build_list' ? { order: ['a'] } : { placements },
        }}
      />,
    );
    expect(screen.getByTestId('parts-right').firstChild!.textContent).toBe(text);
  });

  it('says nothing of parts when the answer is right or the server sent no count', () => {
    render(<FeedbackDetails item={item('drag_drop')} answer={{ placements }} feedback={feedback({ right: 6, total: 6 }, true)} />);
    expect(screen.queryByTestId('parts-right')).toBeNull();
    cleanup();
    render(<FeedbackDetails item={item('drag_drop')} answer={{ placements }} feedback={feedback()} />);
    expect(screen.queryByTestId('parts-right')).toBeNull();
  });
});
