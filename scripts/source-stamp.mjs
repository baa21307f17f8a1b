// A fingerprint of everything the build reads, so `npm start` rebuilds only when something changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs', 'scripts/compress-assets.mjs'];

function walk(p, out) {
  if (!existsSync(p)) return;
  const st = statSync(p);
  if (st.isDirectory()) for (const name of readdirSync(p).sort()) walk(path.join(p, name), out);
  else if (!/\.test\.tsx?$/.test(p)) out.push(`${p}:${st.size}:${Math.floor(st.mtimeMs)}`);
}

export function sourceStamp() {
  const entries = [];
  for (const input of INPUTS) walk(input, entries);
  return createHash('sha256').update(entries.join('\n')).digest('hex');
}
