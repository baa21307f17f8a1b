// The database srs:evaluate and srs:optimize read: DATABASE_URL's PostgreSQL server, or the embedded database in DATA_DIR
// (which a running server holds: stop it first, or use DATABASE_URL). Migrated first, like the server does.
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { DatabaseLockedError } from '../src/server/db/lock';

export async function openForCommand(command: string): Promise<Database> {
  const config = loadConfig();
  try {
    const database = await openDatabase(
      config.database.kind === 'postgres'
        ? config.database
        : { kind: 'pglite', dir: config.database.dir, owner: `MedicPrep command (npm run ${command})` },
    );
    await migrateDatabase(database);
    return database;
  } catch (e) {
    if (e instanceof DatabaseLockedError)
      console.error(`${e.message}\nThe embedded database is in use: stop the server, or run this against DATABASE_URL.`);
    else console.error(`Could not open the database: ${(e as Error).message}`);
    process.exit(1);
  }
}
