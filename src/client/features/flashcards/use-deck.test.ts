// A deck opened once opens again offline, also when the summary that carries the content version
// arrives after the deck's first page (a slow connection: seen in the offline browser test).
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeck } from './use-deck';

const card = (id: number) => ({
  id,
  front: `front ${id}`,
  back: `back ${id}`,
  category: 'Cardiology',
  isFlagged: false,
  isCorrect: false,
  isWrong: false,
});

describe('useDeck offline copy', () => {
  let online = true;
  beforeEach(() => {
    localStorage.clear();
    online = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ cards: [card(1), card(2)], total: 2 }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is saved once the content version is known, and opens without a connection', async () => {
    const first = renderHook(({ version }: { version: string | undefined }) => useDeck('paramedic', 'All', 'all', 'u1', version), {
      initialProps: { version: undefined as string | undefined },
    });
    await waitFor(() => expect(first.result.current.status).toBe('ready'));
    first.rerender({ version: 'v1' }); // the summary arrives after the first page
    first.unmount();

    online = false;
    const offline = renderHook(() => useDeck('paramedic', 'All', 'all', 'u1', undefined));
    await waitFor(() => expect(offline.result.current.status).toBe('ready'));
    expect(offline.result.current.offline).toBe(true);
    expect(offline.result.current.cards.map((c) => c.id)).toEqual([1, 2]);
  });

  it('a deck that could not be loaded offline loads by itself when the connection returns', async () => {
    online = false;
    const deck = renderHook(() => useDeck('paramedic', 'All', 'all', 'u1', undefined));
    await waitFor(() => expect(deck.result.current.status).toBe('error'));
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(deck.result.current.status).toBe('ready'));
    expect(deck.result.current.offline).toBe(false);
    expect(deck.result.current.cards.map((c) => c.id)).toEqual([1, 2]);
  });
});
