// Column builders every table file shares.
import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** A timezone-aware timestamp, read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A check that `column` holds one of `values` (quoted as SQL literals). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);
