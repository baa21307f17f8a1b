// The README's map of the code is true: every folder it names exists, and every folder of the root, of src/, src/server/,
// src/client/ and tests/ is in it. A new top-level folder fails here until the map says what it is for.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The folders whose every sub-folder the map must name. */
const COVERED = ['.', 'src', 'src/server', 'src/client', 'tests'];
/** Never in the repository: installed, built or written by a run (.gitignore). Folders starting with a dot are tooling. */
const NOT_SOURCE = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report']);

/** The folders of the map: the first word of a line when it ends in "/", nested by two spaces of indentation. */
function mapFolders(readme: string): string[] {
  const start = readme.indexOf('## Map of the code');
  const block = /```\n([\s\S]*?)```/.exec(readme.slice(start));
  if (start < 0 || !block) throw new Error('README.md has no "## Map of the code" with a code block');
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of block[1]!.split('\n')) {
    const m = /^( *)(\S+\/)(?=\s|$)/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 2;
    // `features/<name>/` names features/ too
    const parts = m[2]!.replace(/\/$/, '').split('/');
    parts.forEach((_, i) => out.push(path.posix.join(...stack, ...parts.slice(0, i + 1))));
    stack.push(...parts);
  }
  return out;
}

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const mapped = mapFolders(readme);
const isDir = (p: string) => existsSync(path.join(root, p)) && statSync(path.join(root, p)).isDirectory();

describe("the README's map of the code", () => {
  it('names folders that exist (`features/<name>` is every folder in features/)', () => {
    const missing = mapped.filter((p) => {
      if (!p.includes('<')) return !isDir(p);
      const parent = p.slice(0, p.indexOf('<')).replace(/\/$/, '');
      return !isDir(parent) || readdirSync(path.join(root, parent)).length === 0;
    });
    expect(mapped.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it(`names every folder of ${COVERED.map((d) => (d === '.' ? 'the root' : d + '/')).join(', ')}`, () => {
    const unmapped = COVERED.flatMap((dir) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_SOURCE.has(e.name))
        .map((e) => path.posix.join(dir, e.name))
        .filter((p) => !mapped.includes(p)),
    );
    expect(unmapped).toEqual([]);
  });
});
