// Column builders every table file shares.
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** A timezone-aware timestamp, read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A check that `column` holds one of `values` (quoted as SQL literals). */
export const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`);

/** A full-text document; the search columns are generated from the row's text (docs/decisions/101-search-full-text-and-trigram-terms.md). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The searched text of a row, `a` weighted above `b`: one expression every search column uses, so ranking treats kinds alike. */
export const searchDocument = (a: string, b: string) =>
  sql.raw(`setweight(to_tsvector('english', ${a}), 'A') || setweight(to_tsvector('english', ${b}), 'B')`);
