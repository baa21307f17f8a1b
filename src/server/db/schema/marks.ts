// A student's marks on items (decision 102): the flag and the bookmark on a flashcard, a question, a scenario or a video,
// keyed by the item's kind and content key, one row per mark that is set.
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { MARK_KINDS, MARKS } from '../../../shared/constants';
import { inList, tstz } from './columns';
import { userRef } from './references';

export const itemMarks = pgTable(
  'item_marks',
  {
    userId: userRef(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    mark: text('mark').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.key, t.mark] }),
    // /saved lists a student's bookmarks by kind, newest first
    index('item_marks_user_mark_idx').on(t.userId, t.mark, t.kind, t.createdAt.desc()),
    check('item_marks_kind_check', inList('kind', MARK_KINDS)),
    check('item_marks_mark_check', inList('mark', MARKS)),
  ],
);
