// docs/api.md is checked against the routes (decision 035): every method and path the app serves — its own routes and the
// Better Auth routes it opens (src/server/auth/route-policy.ts) — has a row in the table, and every row names a route that exists.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { OPEN_AUTH_ROUTES } from '../../src/server/auth/route-policy';
import { loadContent } from '../../src/server/content/load';
import { startTestServer, type TestServer } from '../helpers/test-server';

/** The routes the table documents: the first cell of each row, `METHOD /path` (several in one cell are allowed). */
function documentedRoutes(markdown: string): string[] {
  const routes: string[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const cell = line.split('|')[1] ?? '';
    for (const m of cell.matchAll(/`([A-Z]+) (\/[^`\s?]*)[^`]*`/g)) routes.push(`${m[1]} ${m[2]}`);
  }
  return routes;
}

describe('docs/api.md', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer('pglite');
  });
  afterAll(async () => s?.close());

  it('documents every route the app serves, and no route it does not', () => {
    const app = createApp(s.deps, loadContent(process.cwd()).content);
    const served = new Set([
      ...app.routes.filter((r) => r.method !== 'ALL' && r.path !== '/api/auth/*').map((r) => `${r.method} ${r.path}`),
      ...OPEN_AUTH_ROUTES.map((r) => r.replace(' /', ' /api/auth/')),
    ]);
    const documented = documentedRoutes(readFileSync(path.resolve('docs/api.md'), 'utf8'));
    expect(served.size).toBeGreaterThan(40);
    expect(
      [...served].filter((r) => !documented.includes(r)),
      'routes the app serves that docs/api.md does not list',
    ).toEqual([]);
    expect(
      documented.filter((r) => !served.has(r)),
      'routes docs/api.md lists that the app does not serve',
    ).toEqual([]);
    expect(new Set(documented).size, 'a route listed twice').toBe(documented.length);
  });
});
