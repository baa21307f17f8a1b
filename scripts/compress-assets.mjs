// Brotli and gzip copies of the client's text files (file.js.br, file.js.gz) beside the originals,
// written once at build time; the server sends the one the browser accepts (serveStatic's
// `precompressed`). Without them every script and stylesheet went out uncompressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/** Compresses every text file over 1 KB under `dir`; returns the bytes before and after (brotli). */
export function compressAssets(dir) {
  let [before, after] = [0, 0];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TEXT.test(name) && statSync(file).size > 1024) {
        const raw = readFileSync(file);
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
        before += raw.length;
        after += Math.min(br.length, raw.length);
      }
    }
  };
  walk(dir);
  return { before, after };
}
