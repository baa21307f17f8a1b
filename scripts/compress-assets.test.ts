import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error the build scripts are plain JavaScript modules without type declarations
import { compressAssets } from './compress-assets.mjs';

describe('compressAssets', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies of text files over 1 KB, at any depth, and nothing else', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'medicprep-compress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `console.log(${JSON.stringify('medic '.repeat(500))});`;
    writeFileSync(path.join(dir, 'assets', 'index.js'), js);
    writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'video.mp4'), Buffer.alloc(4096, 7));
    const { before, after } = compressAssets(dir);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'index.js.br'))).toString()).toBe(js);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'index.js.gz'))).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'small.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'video.mp4.br'))).toBe(false);
    expect(before).toBe(js.length);
    expect(after).toBeLessThan(before / 10);
  });
});
