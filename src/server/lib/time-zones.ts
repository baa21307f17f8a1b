import { sql } from 'drizzle-orm';
import { UNKNOWN_TIME_ZONE } from '../../shared/auth-schemas';
import { ERROR_CODES } from '../../shared/errors';
import type { Db } from '../db/client';
import { HttpError } from './http';

// A student's time zone is used by the database as well as by Node (the review queue's day boundaries, decision 080), and
// the two carry different zone data: Node's ICU accepts names PostgreSQL refuses (US/Pacific-New, SystemV/AST4). A zone is
// stored only under a name the database itself lists.

const known = new WeakMap<Db, Promise<ReadonlySet<string>>>();

/** The zone names this database knows (pg_timezone_names), read once per database; a failed read is tried again next time. */
export function databaseZones(db: Db): Promise<ReadonlySet<string>> {
  let zones = known.get(db);
  if (!zones) {
    zones = db.execute<{ name: string }>(sql`select name from pg_timezone_names`).then(({ rows }) => new Set(rows.map((r) => r.name)));
    known.set(db, zones);
    zones.catch(() => known.delete(db));
  }
  return zones;
}

/** Node's canonical name for a zone (an alias resolves to the zone it links to), or null when Node does not know it. */
function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * The zone to store for what the client sent: as sent when the database knows it, else its canonical name when the database
 * knows that; anything else is refused on the field `field`.
 */
export async function acceptedZone(db: Db, zone: string, field = 'timeZone'): Promise<string> {
  const zones = await databaseZones(db);
  if (zones.has(zone)) return zone;
  const canonical = canonicalZone(zone);
  if (canonical !== null && zones.has(canonical)) return canonical;
  throw new HttpError(400, ERROR_CODES.validation, UNKNOWN_TIME_ZONE, [{ path: field, message: UNKNOWN_TIME_ZONE }]);
}
