import type { Card } from '@shared/contracts/flashcards';
import { STORAGE_KEYS } from '@shared/constants';
import { SEARCH_PER_KIND, searchWords, type SearchResponse, type TextSegment } from '@shared/contracts/search';
import { CACHE_AGES, readCache } from '../../lib/cache';

/**
 * Offline, /search looks through the flashcards this device has cached for its decks (the deck cache of the flashcards
 * screen): every word of the query must begin a word of the card, front matches first. Nothing else is on the device.
 */
export function searchCachedCards(userId: string, q: string): SearchResponse {
  const words = searchWords(q);
  const decks = readCache<Record<string, Card[]>>(STORAGE_KEYS.flashcardsCache, userId, CACHE_AGES.content) ?? {};
  const cards = new Map<number, Card>();
  for (const list of Object.values(decks)) for (const c of list) cards.set(c.id, c);
  const scored: { card: Card; score: number }[] = [];
  for (const card of cards.values()) {
    const front = wordsOf(card.front);
    const back = wordsOf(card.back);
    if (words.length === 0 || !words.every((w) => front.some((x) => x.startsWith(w)) || back.some((x) => x.startsWith(w)))) continue;
    scored.push({ card, score: words.filter((w) => front.some((x) => x.startsWith(w))).length });
  }
  scored.sort((a, b) => b.score - a.score || a.card.id - b.card.id);
  const hits = scored.slice(0, SEARCH_PER_KIND).map(({ card }) => ({
    kind: 'flashcard' as const,
    id: String(card.id),
    level: card.courseLevel,
    title: marked(card.front, words),
    snippet: marked(card.back, words),
    category: card.category,
  }));
  return {
    query: q,
    correctedQuery: null,
    total: scored.length,
    groups: hits.length ? [{ kind: 'flashcard', total: scored.length, hits }] : [],
    suggestion: null,
  };
}

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The text with each word that a query word begins marked as a match. */
export function marked(text: string, words: string[]): TextSegment[] {
  const out: TextSegment[] = [];
  for (const part of text.split(/([A-Za-z0-9]+)/)) {
    if (!part) continue;
    const match = words.some((w) => part.toLowerCase().startsWith(w));
    const last = out[out.length - 1];
    if (last && last.match === match && !match) last.text += part;
    else out.push({ text: part, match });
  }
  return out;
}
