#!/usr/bin/env node
// `npm start`: build when the sources changed since the last build, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { sourceStamp } from './source-stamp.mjs';

const stampFile = 'dist/.build-stamp';
const upToDate = existsSync('dist/server/index.mjs') && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === sourceStamp();
if (!upToDate) {
  console.log('Building MedicPrep (first start or sources changed)…');
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import(new URL('../dist/server/index.mjs', import.meta.url).href);
