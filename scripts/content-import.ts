// npm run content:import — upserts the content files into the database (idempotent; edited items
// update in place so students keep their progress) and bumps the content version clients cache by.
import path from 'node:path';
import { loadContent } from '../src/server/content/load';
import { importContent } from '../src/server/content/import';
import { loadConfig } from '../src/server/config';
import { migrateDatabase, openDatabase } from '../src/server/db/client';
import { describeDatabaseError } from '../src/server/db/errors';

const { content, problems } = loadContent(path.resolve('.'));
if (problems.length) {
  console.error(`Content has ${problems.length} problem(s); fix them first (npm run content:check).`);
  for (const p of problems.slice(0, 20)) console.error(`  - ${p}`);
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase(
  config.database.kind === 'postgres'
    ? config.database
    : { kind: 'pglite', dir: config.database.dir, owner: 'MedicPrep command (npm run content:import)' },
).catch((e) => {
  console.error(
    config.database.kind === 'pglite'
      ? `Could not open the embedded database at ${config.database.dir}: ${(e as Error).message}`
      : describeDatabaseError(e, config.database),
  );
  process.exit(1);
});
await migrateDatabase(database).catch((e) => {
  console.error(describeDatabaseError(e, config.database));
  process.exit(1);
});
const report = await importContent(database.db, content);
await database.close();
for (const [table, counts] of Object.entries(report)) {
  if (typeof counts !== 'object') continue;
  console.log(`${table.padEnd(11)} +${counts.inserted} inserted, ${counts.updated} updated, ${counts.deleted} deleted`);
}
console.log(report.versionChanged ? `Content version is now ${report.version}.` : `No changes (content version ${report.version}).`);
