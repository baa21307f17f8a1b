import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The built client: each file in the encoding the browser accepts, from the copies made at build
 * time. Served over a real socket, as in production (fetch undoes the encoding; the headers stay).
 */
describe('static files', () => {
  let s: TestServer;
  let dir: string;
  let server: ServerType;
  let base: string;
  const get = (p: string, encoding?: string) => fetch(`${base}${p}`, { headers: encoding ? { 'accept-encoding': encoding } : {} });
  const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
  const worker = `self.addEventListener('install', () => {}); // ${'y'.repeat(2000)}\n`;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    dir = mkdtempSync(path.join(tmpdir(), 'medicprep-client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>MedicPrep</title>');
    for (const [name, text] of [
      ['assets/app-abc123.js', script],
      ['sw.js', worker],
    ] as const) {
      writeFileSync(path.join(dir, name), text);
      writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(2048, 1));
    const app = createApp({ ...s.deps, clientDir: dir }, s.content);
    server = await new Promise<ServerType>((resolve) => {
      const srv = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    rmSync(dir, { recursive: true, force: true });
    await s?.close();
  });

  it('sends brotli, else gzip, else the file itself, with its own content type', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script.length / 10);
    expect(await br.text()).toBe(script);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(script);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('keeps the service worker uncached in every encoding, and leaves images alone', async () => {
    const sw = await get('/sw.js', 'br');
    expect(sw.headers.get('content-encoding')).toBe('br');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const png = await get('/icon.png', 'br, gzip');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('content-type')).toBe('image/png');
  });
});
