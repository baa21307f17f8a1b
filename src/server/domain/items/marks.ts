// A student's marks on items (decision 102): one row per (kind, key, mark) that is set. Setting is idempotent (the same mark
// twice is one row) and so is clearing; whether an item may be marked at all is the item-access module's call
// (requireMarkableItem), made before these run.
import { and, eq, sql } from 'drizzle-orm';
import type { Mark, MarkKind } from '../../../shared/constants';
import { itemMarks } from '../../db/schema';
import type { ServiceDeps } from '../../deps';

export interface MarkRef {
  kind: MarkKind;
  key: string;
  mark: Mark;
}

/** Sets (`on`) or clears the mark; says whether anything changed, so a replayed write records no second event. */
export async function setMark({ db }: Pick<ServiceDeps, 'db'>, userId: string, ref: MarkRef, on: boolean): Promise<boolean> {
  const rows = on
    ? await db
        .insert(itemMarks)
        .values({ userId, kind: ref.kind, key: ref.key, mark: ref.mark })
        .onConflictDoNothing()
        .returning({ key: itemMarks.key })
    : await db
        .delete(itemMarks)
        .where(and(eq(itemMarks.userId, userId), eq(itemMarks.kind, ref.kind), eq(itemMarks.key, ref.key), eq(itemMarks.mark, ref.mark)))
        .returning({ key: itemMarks.key });
  return rows.length > 0;
}

/** The item (content key expression `key`) carries the student's mark: for reads that join the marks to a list of items. */
export const hasMark = (userId: string, kind: MarkKind, mark: Mark, key: unknown) => sql<boolean>`exists (
  select 1 from item_marks m where m.user_id = ${userId} and m.kind = ${kind} and m.key = ${key} and m.mark = ${mark})`;
