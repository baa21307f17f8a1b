import { count, eq } from 'drizzle-orm';
import type { ContentLevel } from '../../../shared/constants';
import type { Db } from '../../db/client';
import { nremtResults } from '../../db/schema';

/** How many NREMT results students have reported (or administrators imported) for a level: the evidence a screen names. */
export async function reportedResultsCount(deps: { db: Db }, level: ContentLevel): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(nremtResults).where(eq(nremtResults.level, level));
  return row?.n ?? 0;
}
