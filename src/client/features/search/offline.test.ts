import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@shared/constants';
import type { Card } from '@shared/contracts/flashcards';
import { writeCache } from '../../lib/cache';
import { marked, searchCachedCards } from './offline';
import { addRecent, clearRecent, readRecent } from './recent';

const card = (id: number, front: string, back: string): Card => ({
  id,
  key: `card-${id}`,
  category: 'Medications',
  courseLevel: 'Paramedic',
  front,
  back,
  isFlagged: false,
  isCorrect: false,
  isWrong: false,
});

describe('search offline, over the decks cached on the device', () => {
  beforeEach(() => localStorage.clear());

  it('finds cards whose words begin with every query word, front matches first, each card once', () => {
    writeCache(
      STORAGE_KEYS.flashcardsCache,
      'u1',
      {
        'mine|All Categories|all': [
          card(1, 'SVT treatment', 'Adenosine 6 mg rapid IV push'),
          card(2, 'Adenosine dose', '6 mg, then 12 mg'),
        ],
        'paramedic|All Categories|all': [card(1, 'SVT treatment', 'Adenosine 6 mg rapid IV push'), card(3, 'Amiodarone', '150 mg')],
      },
      'v1',
    );
    const r = searchCachedCards('u1', 'adenos');
    expect(r.total).toBe(2);
    expect(r.groups[0]!.hits.map((h) => h.id)).toEqual(['2', '1']);
    expect(r.groups[0]!.hits[0]!.title).toEqual([
      { text: 'Adenosine', match: true },
      { text: ' dose', match: false },
    ]);
    expect(searchCachedCards('u1', 'adenosine rapid').total).toBe(1);
    // another user's cache is not theirs
    expect(searchCachedCards('u2', 'adenos').total).toBe(0);
  });

  it('marks each word a query word begins', () => {
    expect(marked('Give 6 mg of adenosine', ['aden', '6'])).toEqual([
      { text: 'Give ', match: false },
      { text: '6', match: true },
      { text: ' mg of ', match: false },
      { text: 'adenosine', match: true },
    ]);
  });

  it('keeps recent searches per user, newest first, without repeats, and clears them', () => {
    addRecent('u1', 'adenosine');
    addRecent('u1', 'amiodarone');
    addRecent('u1', 'Adenosine');
    expect(readRecent('u1')).toEqual(['Adenosine', 'amiodarone']);
    expect(readRecent('u2')).toEqual([]);
    clearRecent('u1');
    expect(readRecent('u1')).toEqual([]);
  });
});
