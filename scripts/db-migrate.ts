// npm run db:migrate — applies the SQL migrations (src/server/db/migrations) to the database the server would use:
// DATABASE_URL when set, else the embedded database under DATA_DIR. The same function as the server's start-up
// (migrateDatabase in src/server/db/client.ts), so running it before a deploy and starting the server agree; a second
// run changes nothing. Against the embedded database the server must be stopped first (PGlite allows one process per
// data directory; the lock's message names the process that holds it).
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';

const config = loadConfig(process.env);
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? { kind: 'postgres', url: config.database.url, poolSize: 1 }
    : { kind: 'pglite', dir: config.database.dir, owner: 'MedicPrep command (npm run db:migrate)' },
).catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
try {
  await migrateDatabase(database);
  console.log(
    `Migrations applied (${config.database.kind === 'postgres' ? 'PostgreSQL at DATABASE_URL' : `embedded database in ${config.database.dir}`}).`,
  );
} catch (e) {
  console.error(`Migrations failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
