import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';

// Every error code the API sends is named in ERROR_CODES (src/shared/errors.ts): the client and the docs read them from
// there, and a free string in a route is a code nobody can find. This reads the server's source for codes written out.
const root = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('error codes', () => {
  it('are written as ERROR_CODES members, never as free strings, in every HttpError and error body of the server', () => {
    const literal = /(new HttpError\(\s*\d+,\s*|errorBody\(\s*)'([A-Z][A-Z0-9_]*)'/g;
    const found = files(root).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(literal)].map((m) => `${path.relative(root, f)}: ${m[2]}`),
    );
    expect(found).toEqual([]);
  });
  it('are distinct', () => {
    const values = Object.values(ERROR_CODES);
    expect(new Set(values).size).toBe(values.length);
  });
});
