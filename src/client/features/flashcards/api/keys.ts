import type { Deck } from '@shared/flashcards';
import { queryRoots } from '../../../lib/query-keys';

export const flashcardKeys = {
  all: [queryRoots.flashcards] as const,
  summary: (deck: Deck, userId: string | undefined) => [...flashcardKeys.all, 'summary', deck, userId] as const,
};
