import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The schema files and the migrations must describe the same database: a table moved between files, a
// shared column helper or an edit without its migration would otherwise only show at the next
// `npm run db:generate`. drizzle-kit compares the schema with the last migration's snapshot; it runs here
// with the project's own config on a copy of the migrations, so a drift writes its migration into the copy.
const migrations = path.resolve('src/server/db/migrations');

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const filesIn = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

describe('database schema', () => {
  it('matches the last migration: drizzle-kit generate finds nothing to migrate', () => {
    mkdirSync('.tmp', { recursive: true });
    root = mkdtempSync(path.resolve('.tmp/schema-migrations-'));
    const out = path.join(root, 'migrations');
    cpSync(migrations, out, { recursive: true });
    const config = path.join(root, 'drizzle.config.ts');
    // drizzle-kit reads `out` relative to the working directory
    writeFileSync(
      config,
      `import base from ${JSON.stringify(path.resolve('drizzle.config.ts'))};\n` +
        `export default { ...base, out: ${JSON.stringify(path.relative(process.cwd(), out))} };\n`,
    );

    // stdin closed: a question drizzle-kit would ask (a rename?) ends the run instead of waiting for an answer
    const run = spawnSync(process.execPath, [path.resolve('node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', config], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;

    expect(run.status, output).toBe(0);
    expect(output).toContain('No schema changes');
    expect(filesIn(out)).toEqual(filesIn(migrations));
    expect(readFileSync(path.join(out, 'meta/_journal.json'), 'utf8')).toBe(
      readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'),
    );
  });
});
