#!/usr/bin/env node
// Production build: the client with Vite into dist/client, the server with esbuild into
// dist/server (dependencies stay in node_modules), the SQL migrations beside it.
import { cpSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { build as viteBuild } from 'vite';
import { compressAssets } from './compress-assets.mjs';
import { sourceStamp } from './source-stamp.mjs';

const started = Date.now();
await viteBuild({ logLevel: 'warn' });
// The chunk manifest is for the bundle-size figures (npm run bench), not for the public.
renameSync('dist/client/.vite/manifest.json', 'dist/client-manifest.json');
rmSync('dist/client/.vite', { recursive: true, force: true });
compressAssets('dist/client');
rmSync('dist/server', { recursive: true, force: true });
mkdirSync('dist/server', { recursive: true });
await esbuild({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });
writeFileSync('dist/.build-stamp', sourceStamp());
console.log(`Built MedicPrep in ${((Date.now() - started) / 1000).toFixed(1)} s`);
