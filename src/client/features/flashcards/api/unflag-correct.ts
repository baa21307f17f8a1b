import { useMutation } from '@tanstack/react-query';
import type { UnflagCorrectResponse } from '@shared/contracts/flashcards';
import type { Deck } from '@shared/flashcards';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';
import { cardStates } from './card-states';

export const unflagCorrect = (deck: Deck, category: string) =>
  api<UnflagCorrectResponse>('/api/flashcards/unflag-correct', { json: { deck, category } });

/**
 * Unflags the deck's flagged cards last answered correctly, once this device's queued states have reached the server (so
 * they count). The screen reads the summary and the deck again when some were unflagged.
 */
export function useUnflagCorrect(deck: Deck, category: string, config: MutationConfig<() => ReturnType<typeof unflagCorrect>> = {}) {
  return useMutation({
    ...config,
    mutationFn: async () => {
      await cardStates.flush();
      return unflagCorrect(deck, category);
    },
  });
}
